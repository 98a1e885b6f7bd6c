/** What a merchant sees in the admin: orders through the Admin API of the running store. */
export interface AdminOrder {
  id: string
  display_id: number
  email: string
  payment_status: string
  total: number
  payment_collections: Array<{
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

  private async call(path: string) {
    this.token ??= await this.login()
    const res = await fetch(this.baseUrl + path, { headers: { authorization: `Bearer ${this.token}` } })
    const body = await res.json()
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${body.message}`)
    return body
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

  async orderCount(): Promise<number> {
    return (await this.call("/admin/orders?fields=id&limit=1")).count
  }
}
