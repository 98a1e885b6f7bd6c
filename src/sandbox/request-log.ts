import type { HeardReading } from "./silent-points"

/** Bodies are redacted before they are kept: signatures, keys, card data beyond last4, CVV, 3-D Secure codes. */
export interface RequestLogEntry {
  id: number
  at: number
  method: string
  path: string
  target: string
  ip: string
  status: number
  duration_ms: number
  body?: Record<string, unknown>
  result?: { code?: string; return_status?: string }
  readings?: HeardReading[]
  faults?: string[]
}

const DROP = /^(cvv|cvc|cvv2|expiry|exp_month|exp_year|expiry_date|code|three_ds_code|sign_key|password)$/i
const SIGNATURE = /^(encryption_data|signinfo)$/i
const CARD = /^(card_number|cardno|card_no|pan|number)$/i
const ALL_PARAMS = /^allparams$/i

export function redact(body: unknown, depth = 0): unknown {
  if (Array.isArray(body)) return depth > 6 ? "[…]" : body.map((v) => redact(v, depth + 1))
  if (!body || typeof body !== "object") return body
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (DROP.test(key)) continue
    if (SIGNATURE.test(key)) out[key] = "[redacted]"
    else if (ALL_PARAMS.test(key)) out[key] = "[redacted]"
    else if (CARD.test(key))
      out[key] = typeof value === "string" ? `****${value.replace(/\D/g, "").slice(-4)}` : "[redacted]"
    else out[key] = depth > 6 ? "[…]" : redact(value, depth + 1)
  }
  return out
}

export class RequestLog {
  private entries: RequestLogEntry[] = []
  private nextId = 1
  constructor(private readonly size: number) {}

  add(e: Omit<RequestLogEntry, "id">): void {
    if (this.size === 0) return
    this.entries.push({ ...e, id: this.nextId++ })
    if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size)
  }

  list(): RequestLogEntry[] {
    return [...this.entries]
  }
}
