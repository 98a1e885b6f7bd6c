import { MedusaError } from "@medusajs/framework/utils"
import type { ProviderOwnOptions } from "./options"

/** The gateway's signature check breaks on these inside return_url (the spec §5.4, confirmed). */
const UNSIGNABLE = /[&<>"'\s]/
/** A backslash (parsers disagree on it, so the origin check could be misread) and control characters (injection). */
const AMBIGUOUS = /[\\\x00-\x1F\x7F]|%(?:[01][0-9A-F]|7F)/i

/** Accepted only on an allowed origin (no open redirect) and when the gateway can sign it; else a 400. */
export function checkReturnUrl(
  url: string,
  field: string,
  own: Pick<ProviderOwnOptions, "allowed_return_origins">,
): string {
  if (AMBIGUOUS.test(url)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${field} must not contain a backslash or control characters (raw or %-encoded)`,
    )
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${field} must be an absolute http(s) URL`)
  }
  if (parsed.username || parsed.password) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${field} must not carry a user name or password (user@host)`)
  }
  const origin = parsed.origin
  const allowed = own.allowed_return_origins.map((o) => new URL(o).origin)
  if (!allowed.includes(origin)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      allowed.length
        ? `${field} must be on one of the allowed origins (${allowed.join(", ")}); ${origin} is not`
        : `${field} is not accepted: no allowed_return_origins are configured for the acquiring provider`,
    )
  }
  if (UNSIGNABLE.test(url) || UNSIGNABLE.test(parsed.href)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${field} must not contain & < > " ' or spaces (the gateway cannot sign them); pass state in the path`,
    )
  }
  // Sent as the WHATWG parser reads it, so the gateway gets the URL the origin check saw.
  return parsed.href
}

export function resolveReturnUrls(
  given: { return_url?: string; cancel_url?: string },
  own: ProviderOwnOptions,
): { return_url?: string; cancel_url?: string } {
  const return_url = given.return_url
    ? checkReturnUrl(given.return_url, "data.return_url", own)
    : own.default_return_url
  const cancel_url = given.cancel_url
    ? checkReturnUrl(given.cancel_url, "data.cancel_url", own)
    : (own.default_cancel_url ?? return_url)
  return { return_url, cancel_url }
}

export function notifyUrl(own: Pick<ProviderOwnOptions, "store_url" | "notify_path">): string {
  return own.store_url.replace(/\/+$/, "") + own.notify_path
}
