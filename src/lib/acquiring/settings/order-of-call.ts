/** The gateway order number a notification names (its body, as Medusa hands it to the provider). */
export function orderNoOf(data: unknown): string | null {
  if (!data || typeof data !== "object") return null
  const v = (data as Record<string, unknown>).order_no ?? (data as Record<string, unknown>).orderNo
  return typeof v === "string" && v.length <= 64 ? v : null
}
