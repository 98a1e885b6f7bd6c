import { z } from "zod"
import { DeclineCategory } from "../lib/acquiring/decline"
import { DeviceData } from "../lib/acquiring/snapshot/storefront-data"

export { DeviceData }

export const ProviderId = z.string().regex(/^pp_acquiring(-apm)?_[\w-]+$/, "must be an acquiring provider id")

/** The gateway's form: posted by the browser, so only an absolute http(s) action is accepted. */
export const HostedForm = z.object({
  action: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) address" }),
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(["POST", "GET"]))
    .default("POST"),
  fields: z.record(z.string(), z.string()),
})
export type HostedForm = z.infer<typeof HostedForm>

export const IframeSpec = z.object({
  allowed: z.boolean(),
  name: z.string().regex(/^[\w-]{1,64}$/),
  min_height: z.number().int().min(0).max(10_000),
})
export type IframeSpec = z.infer<typeof IframeSpec>

/** GET /store/acquiring/payment-sessions/:id/hosted-page → `{ hosted_page }`. */
export const HostedPage = z.object({ form: HostedForm, html: z.string().nullable().default(null) })
export type HostedPage = z.infer<typeof HostedPage>

const HostedSessionData = z.object({
  hosted_page_path: z.string().startsWith("/store/acquiring/payment-sessions/"),
  hosted_page_token: z.string().min(1),
  iframe: IframeSpec,
  form: HostedForm.optional(),
  html: z.string().nullable().optional(),
})
const ApmSessionData = z.object({ issuer_url: z.url({ protocol: /^https?$/ }), payment_method: z.string().optional() })

export const StoreSession = z.object({
  id: z.string(),
  provider_id: z.string(),
  status: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
})
export type StoreSession = z.infer<typeof StoreSession>

/** What `startPaymentSession` gives back: where to send the shopper. */
export const StartedPayment = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("hosted_page"),
    session_id: z.string(),
    provider_id: z.string(),
    hosted_page_path: z.string(),
    hosted_page_token: z.string(),
    iframe: IframeSpec,
    /** Present in the answer that created the session; fetch it again with getHostedPage otherwise. */
    page: HostedPage.optional(),
  }),
  z.object({
    kind: z.literal("apm"),
    session_id: z.string(),
    provider_id: z.string(),
    issuer_url: z.string(),
    payment_method: z.string().optional(),
  }),
])
export type StartedPayment = z.infer<typeof StartedPayment>

export function startedPaymentOf(session: StoreSession): StartedPayment | undefined {
  const data = session.data ?? {}
  const apm = ApmSessionData.safeParse(data)
  if (apm.success) return { kind: "apm", session_id: session.id, provider_id: session.provider_id, ...apm.data }
  const hosted = HostedSessionData.safeParse(data)
  if (!hosted.success) return undefined
  const { form, html, ...rest } = hosted.data
  return {
    kind: "hosted_page",
    session_id: session.id,
    provider_id: session.provider_id,
    ...rest,
    ...(form ? { page: { form, html: html ?? null } } : {}),
  }
}

export const StartPaymentInput = z.object({
  /** The cart (its payment collection is created when it has none) or a payment link's collection. */
  cart: z.object({ id: z.string(), payment_collection: z.object({ id: z.string() }).nullish() }).optional(),
  payment_collection_id: z.string().optional(),
  provider_id: ProviderId,
  /** Where the gateway sends the shopper back; the gateway signs it, so no & < > " ' or spaces. */
  return_url: z.url({ protocol: /^https?$/ }).refine((u) => !/[&<>"'\s]/.test(u), "no & < > \" ' or spaces"),
  cancel_url: z.url({ protocol: /^https?$/ }).optional(),
  device: DeviceData.optional(),
  payment_method: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .optional(),
})
export type StartPaymentInput = z.input<typeof StartPaymentInput>

export const CompleteOutcome = z.discriminatedUnion("type", [
  z.object({ type: z.literal("order"), order: z.object({ id: z.string() }).loose() }),
  /** 409: the gateway's notification is completing this cart now; or the gateway has no result yet. */
  z.object({ type: z.literal("retry"), reason: z.enum(["completing", "pending"]) }),
  /** Refused or cancelled: start a new session. `reason` is the category, `title`/`message` for shoppers, `code` for support. */
  z.object({
    type: z.literal("declined"),
    reason: DeclineCategory,
    title: z.string(),
    message: z.string(),
    code: z.string().optional(),
    detail: z.string().optional(),
  }),
  /** 409: the cart changed after payment, so the gateway holds another amount; the payment was given back. */
  z.object({ type: z.literal("pay_again"), reason: z.literal("cart_changed"), message: z.string() }),
  z.object({ type: z.literal("error"), message: z.string(), status: z.number().optional() }),
])
export type CompleteOutcome = z.infer<typeof CompleteOutcome>
