import { z } from "zod"
import {
  CLIENT_OLD_INTERNAL_KEYS,
  CLIENT_PROFILE_KEYS,
  emitDeprecation,
  internalPlace,
  profilePlace,
  readOldKeys,
} from "./deprecated-options"
import { GatewayOptionsError } from "./errors"
import { CLIENT_INTERNAL_KEYS, Internals, InternalsError, internals, type InternalKey } from "./internals"
import { GatewayProfileFields, ProfileName } from "./profile"
import { resolveProfile, type GatewayProfileInput } from "./profile-input"
import { firstIssue } from "./zod-issues"

/** Sub-account or "gateway number". */
export const AccountOptions = z.object({
  account_id: z.string().min(1).max(10),
  sign_key: z.string().min(1, "sign_key is required for every account"),
  /** Currencies this account takes; an account without currencies is the fallback. */
  currencies: z.array(z.string().regex(/^[A-Z]{3}$/, "currency codes are 3 upper-case letters")).optional(),
})
export type AccountOptions = z.infer<typeof AccountOptions>

export const ClientConnection = z.object({
  merchant_id: z.string().min(1).max(7),
  accounts: z.array(AccountOptions).min(1, "configure at least one account"),
  /** Accounts are separate per mode (the spec §2.1). */
  mode: z.enum(["test", "live"]).default("test"),
  /** Not published in the spec; the merchant gets them from the gateway. */
  base_url: z.url().optional(),
  test_base_url: z.url().optional(),
  live_base_url: z.url().optional(),
})
const CONNECTION_KEYS = new Set(Object.keys(ClientConnection.shape))

const FetchFn = z.custom<typeof fetch>((f) => typeof f === "function", "fetch must be a function")
const ClientInternals = Internals.pick(
  Object.fromEntries(CLIENT_INTERNAL_KEYS.map((k) => [k, true])) as {
    [K in (typeof CLIENT_INTERNAL_KEYS)[number]]: true
  },
)

export const GatewayClientOptions = ClientConnection.extend({
  gateway_profile: ProfileName,
  ...GatewayProfileFields.shape,
  ...ClientInternals.shape,
  fetch: FetchFn.optional(),
}).superRefine((options, ctx) => {
  if (!options.base_url && !(options.mode === "test" ? options.test_base_url : options.live_base_url)) {
    ctx.addIssue({
      code: "custom",
      path: [options.mode === "test" ? "test_base_url" : "live_base_url"],
      message: `set base_url or ${options.mode}_base_url: the gateway's address is given to the merchant by the gateway`,
    })
  }
  const fallback = options.accounts.filter((a) => !a.currencies?.length)
  if (fallback.length > 1)
    ctx.addIssue({
      code: "custom",
      path: ["accounts"],
      message: "at most one account may omit currencies (the fallback)",
    })
  const seen = new Map<string, string>()
  for (const account of options.accounts) {
    for (const currency of account.currencies ?? []) {
      if (seen.has(currency)) {
        ctx.addIssue({
          code: "custom",
          path: ["accounts"],
          message: `currency ${currency} is bound to both ${seen.get(currency)} and ${account.account_id}`,
        })
      }
      seen.set(currency, account.account_id)
    }
  }
})
export type GatewayClientOptions = z.infer<typeof GatewayClientOptions>

/** Transport internals a program embedding the client (or a test) may set; not merchant options. */
export type ClientInternalsInput = Partial<z.input<typeof ClientInternals>> & { fetch?: typeof fetch }

type OldKeys = Partial<Pick<z.input<typeof GatewayClientOptions>, (typeof CLIENT_PROFILE_KEYS)[number]>> &
  Partial<z.input<typeof ClientInternals>> & { fetch?: typeof fetch }

/** What createGatewayClient takes; the old flat keys (deprecated) are still read. */
export type GatewayClientOptionsInput = z.input<typeof ClientConnection> & {
  gateway_profile?: GatewayProfileInput
  internals?: ClientInternalsInput
} & OldKeys

function fail(path: string, message: string): never {
  throw new GatewayOptionsError(`Invalid gateway option ${path}: ${message}`, { source: path })
}

/** Old keys out of the input, each warned about once. */
function splitOld(input: Record<string, unknown>, warn: (message: string) => void) {
  const scope = "gateway option"
  return {
    profile: readOldKeys(input, CLIENT_PROFILE_KEYS, scope, profilePlace, warn),
    inner: readOldKeys(input, CLIENT_OLD_INTERNAL_KEYS, scope, (k) => internalPlace(k as InternalKey | "fetch"), warn),
  }
}

/** Validates and resolves; GatewayOptionsError names the option. `warn` hears each old key once. */
export function parseClientOptions(
  input: unknown,
  warn: (message: string) => void = emitDeprecation,
): GatewayClientOptions {
  if (!input || typeof input !== "object") fail("options", "options must be an object")
  const raw = input as Record<string, unknown>
  const old = splitOld(raw, warn)
  const profile = resolveProfile(raw.gateway_profile, old.profile)
  if (!profile.ok) fail(profile.path, profile.message)
  const { fetch: oldFetch, ...oldInner } = old.inner
  const { fetch: newFetch, ...given } = (raw.internals ?? {}) as Record<string, unknown>
  let inner: Internals
  try {
    inner = internals({ ...oldInner, ...given })
  } catch (e) {
    if (e instanceof InternalsError) fail(`internals.${e.source}`, e.message)
    throw e
  }
  const connection = Object.fromEntries(Object.entries(raw).filter(([k]) => CONNECTION_KEYS.has(k)))
  const { extends: base, ...fields } = profile.profile
  const picked = Object.fromEntries(CLIENT_INTERNAL_KEYS.map((k) => [k, inner[k]]))
  const r = GatewayClientOptions.safeParse({
    ...connection,
    gateway_profile: base,
    ...fields,
    ...picked,
    fetch: newFetch ?? oldFetch,
  })
  if (r.success) return r.data
  const { path, message } = firstIssue(r.error, { fallback: "options" })
  return fail(path, message)
}
