import { MedusaError } from "@medusajs/framework/utils"
import type { ProviderOwnOptions } from "../options"

/** The gateway's signature check breaks on these inside return_url (facts, confirmed). */
const UNSIGNABLE = /[&<>"'\s]/

/**
 * A storefront-supplied return/cancel URL is accepted only on an allowed origin (no open
 * redirect) and only when the gateway can sign it; otherwise a 400 names the field.
 */
export function checkReturnUrl(url: string, field: string, own: Pick<ProviderOwnOptions, "allowed_return_origins">): string {
  let origin: string
  try {
    origin = new URL(url).origin
  } catch {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${field} must be an absolute http(s) URL`)
  }
  const allowed = own.allowed_return_origins.map((o) => new URL(o).origin)
  if (!allowed.includes(origin)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      allowed.length
        ? `${field} must be on one of the allowed origins (${allowed.join(", ")}); ${origin} is not`
        : `${field} is not accepted: no allowed_return_origins are configured for the acquiring provider`,
    )
  }
  if (UNSIGNABLE.test(url)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${field} must not contain & < > " ' or spaces (the gateway cannot sign them); pass state in the path`,
    )
  }
  return url
}

export function resolveReturnUrls(
  given: { return_url?: string; cancel_url?: string },
  own: ProviderOwnOptions,
): { return_url?: string; cancel_url?: string } {
  const return_url = given.return_url ? checkReturnUrl(given.return_url, "data.return_url", own) : own.default_return_url
  const cancel_url = given.cancel_url ? checkReturnUrl(given.cancel_url, "data.cancel_url", own) : own.default_cancel_url ?? return_url
  return { return_url, cancel_url }
}

export function notifyUrl(own: Pick<ProviderOwnOptions, "store_url" | "notify_path">): string {
  return own.store_url.replace(/\/+$/, "") + own.notify_path
}
