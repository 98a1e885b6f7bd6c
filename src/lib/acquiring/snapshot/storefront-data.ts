import { z } from "zod"
import { Url } from "../../../gateway/schemas/common"

/** Key of the sealed cart snapshot inside the session `data`; whatever the storefront puts there is replaced. */
export const SNAPSHOT_KEY = "acquiring_snapshot"

/** Header a storefront sends with the session's `hosted_page_token` to fetch its page again. */
export const PAGE_TOKEN_HEADER = "x-acquiring-page-token"

export const LanguageTag = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a language tag like en-US")
  .max(35)

const Text = (max: number) => z.string().max(max, `at most ${max} characters`)

/** Device data the storefront collects: shopper-writable, so `shopper_ip` is ignored (the request's IP is sent). */
export const DeviceData = z
  .object({
    shopper_ip: z.union([z.ipv4(), z.ipv6()], { error: "must be an IPv4 or IPv6 address" }).optional(),
    user_agent: Text(1000).optional(),
    browser_lang: LanguageTag.optional(),
    time_zone: z
      .string()
      .regex(
        /^([+-]?\d{1,2}(:?\d{2})?|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+|UTC)$/,
        "must be an offset like +02:00 or an IANA zone",
      )
      .optional(),
    screen_width: z.number().int().min(1).max(100_000).optional(),
    screen_height: z.number().int().min(1).max(100_000).optional(),
    color_depth: z.number().int().min(1).max(64).optional(),
    os: Text(100).optional(),
    browser: Text(100).optional(),
    device_type: z.enum(["PC", "MOBILE", "TABLET"]).optional(),
    cookie_new: Text(2000).optional(),
    cookie_old: Text(2000).optional(),
    antifraud_token: Text(1000).optional(),
    device_fingerprint: Text(1000).optional(),
    challenge_window_size: z
      .string()
      .regex(/^0[1-5]$/, "must be 01–05")
      .optional(),
  })
  .strict()
export type DeviceData = z.infer<typeof DeviceData>

export const StorefrontData = z
  .object({
    device: DeviceData.optional(),
    return_url: Url.optional(),
    cancel_url: Url.optional(),
    payment_method: z
      .string()
      .regex(/^[\w-]{1,40}$/, "letters, digits, - and _ only")
      .optional(),
    bank_code: Text(40).optional(),
    /** Ask the gateway for a card token; logged-in customers only. */
    save_card: z.boolean().optional(),
    /** Pay with this saved card of the logged-in customer (our id; checked server side by the provider). */
    payment_method_id: z
      .string()
      .regex(/^acqcard_[0-9a-f]{24}$/, "must be a saved card id (acqcard_…)")
      .optional(),
  })
  .strict()
export type StorefrontData = z.infer<typeof StorefrontData>
