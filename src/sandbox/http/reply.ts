import { encodeXml } from "../../gateway/codecs"
import type { ApiError } from "./api-error"

/** A fault may replace it. */
export interface Reply {
  status: number
  contentType: string
  body: string
  headers?: Record<string, string>
  summary?: { code?: string; return_status?: string }
}

export const json = (value: unknown, status = 200): Reply => {
  const v = value as { return_status?: string; code?: string }
  return {
    status,
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify(value),
    summary: { return_status: v?.return_status, code: v?.code },
  }
}

export const xml = (root: string, value: Record<string, unknown>, status = 200): Reply => ({
  status,
  contentType: "application/xml; charset=utf-8",
  body: encodeXml(value, root),
})

export const html = (body: string, status = 200): Reply => ({
  status,
  contentType: "text/html; charset=utf-8",
  body,
  headers: { "cache-control": "no-store", "x-frame-options": "SAMEORIGIN" },
})

export const redirect = (location: string): Reply => ({
  status: 303,
  contentType: "text/plain; charset=utf-8",
  body: `See ${location}`,
  headers: { location, "cache-control": "no-store" },
})

export const apiError = (e: ApiError): Reply => ({ ...json(e.body(), e.status), summary: { code: e.code } })
