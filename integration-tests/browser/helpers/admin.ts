/** What a merchant sees in the admin: orders through the Admin API of the running store. */
export interface AdminOrder {
  id: string
  display_id: number
  email: string
  payment_status: string
  total: number
  payment_collections: Array<{
    id: string
    status: string
    amount: number
    payments: Array<{ provider_id: string; amount: number; captured_at: string | null; data: Record<string, unknown> }>
  }>
}

export class AdminApi {
  private token?: string
  constructor(
    private readonly baseUrl: string,
    private readonly creds: { email: string; password: string },
  ) {}

  /** Any Admin API route, as the dashboard calls it; throws the answer's message on an error. */
  async call(path: string, body?: unknown) {
    this.token ??= await this.login()
    const init =
      body === undefined
        ? {}
        : { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }
    const res = await fetch(this.baseUrl + path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${this.token}` },
    })
    const answer = await res.json()
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${answer.message}`)
    return answer
  }

  private async login(): Promise<string> {
    const res = await fetch(`${this.baseUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(this.creds),
    })
    if (!res.ok) throw new Error(`admin login answered ${res.status}`)
    return (await res.json()).token
  }

  async order(id: string): Promise<AdminOrder> {
    const fields = "id,display_id,email,payment_status,total,*payment_collections,*payment_collections.payments"
    return (await this.call(`/admin/orders/${id}?fields=${encodeURIComponent(fields)}`)).order
  }

  /**
   * The merchant edits the order in the dashboard (Medusa's order-edit routes): one more unit of
   * the variant of the line whose title matches, confirmed. Returns the new unpaid collection.
   */
  async editAddingOneOf(orderId: string, title: RegExp): Promise<{ id: string; amount: number }> {
    const { order } = await this.call(`/admin/orders/${orderId}?fields=${encodeURIComponent("id,*items")}`)
    const line = order.items.find((i: { product_title?: string; title: string }) =>
      title.test(`${i.product_title ?? ""} ${i.title}`),
    )
    if (!line) throw new Error(`order ${orderId} has no line matching ${title}`)
    await this.call("/admin/order-edits", { order_id: orderId })
    await this.call(`/admin/order-edits/${orderId}/items`, { items: [{ variant_id: line.variant_id, quantity: 1 }] })
    await this.call(`/admin/order-edits/${orderId}/request`, {})
    await this.call(`/admin/order-edits/${orderId}/confirm`, {})
    const after = await this.order(orderId)
    const open = (after.payment_collections as Array<{ id?: string; status: string; amount: number }>).find(
      (c) => c.status === "not_paid",
    )
    if (!open?.id) throw new Error(`the edit of ${orderId} left no unpaid payment collection`)
    return { id: open.id, amount: open.amount }
  }

  async customerByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    const { customers } = await this.call(`/admin/customers?q=${encodeURIComponent(email)}&fields=id,email`)
    return customers.find((c: { email: string }) => c.email === email)
  }

  async savedCards(customerId: string): Promise<unknown[]> {
    return (await this.call(`/admin/acquiring/customers/${customerId}/saved-cards`)).saved_cards
  }

  /** Gateway orders listed on *Unmatched payments*: its first list, or `orders` (orders without money). */
  async unmatched(
    list?: "orders",
  ): Promise<Array<{ order_no: string; order_id?: string; state: string; settlement?: string }>> {
    return (await this.call(`/admin/acquiring/unmatched${list ? `?list=${list}` : ""}`)).unmatched
  }

  /** The admin's "sync now" for every order: its report's changes. */
  async reconcile(): Promise<Array<{ kind: string; order_no: string; order_id?: string }>> {
    return (await this.call("/admin/acquiring/reconcile", {})).report.changes
  }

  async latestOrderId(): Promise<string> {
    return (await this.call("/admin/orders?fields=id&order=-created_at&limit=1")).orders[0].id
  }

  async orderCount(): Promise<number> {
    return (await this.call("/admin/orders?fields=id&limit=1")).count
  }
}
