import type { Order } from "./order"

/** Token in gbc_id or the URL. */
export interface PageSession {
  token: string
  transaction_id: string
  kind: "card" | "apm"
  /** Set after a card that needs the 3-D Secure challenge; card data beyond last4 is never kept. */
  challenge?: { last4: string }
}

/** In memory; orders are replaced whole, looked up by transaction_id and by merchant + order_no. */
export class Store {
  private readonly orders = new Map<string, Order>()
  private readonly byOrderNo = new Map<string, string>()
  private readonly sessions = new Map<string, PageSession>()

  private key(merchant_id: string, order_no: string) {
    return `${merchant_id}\u0000${order_no}`
  }

  hasOrderNo(merchant_id: string, order_no: string): boolean {
    return this.byOrderNo.has(this.key(merchant_id, order_no))
  }

  insert(order: Order): void {
    if (this.orders.has(order.transaction_id)) throw new Error(`duplicate transaction_id ${order.transaction_id}`)
    this.orders.set(order.transaction_id, order)
    this.byOrderNo.set(this.key(order.merchant_id, order.order_no), order.transaction_id)
  }

  /** Replace an existing order with its next version. */
  update(order: Order): Order {
    if (!this.orders.has(order.transaction_id)) throw new Error(`unknown transaction_id ${order.transaction_id}`)
    this.orders.set(order.transaction_id, order)
    return order
  }

  byTransaction(transaction_id: string): Order | undefined {
    return this.orders.get(transaction_id)
  }

  byOrder(merchant_id: string, order_no: string): Order | undefined {
    const tx = this.byOrderNo.get(this.key(merchant_id, order_no))
    return tx === undefined ? undefined : this.orders.get(tx)
  }

  /** Find by transaction_id or order_no (inspection and the programmatic helpers). */
  find(ref: { transaction_id?: string; order_no?: string; merchant_id?: string }): Order | undefined {
    if (ref.transaction_id) return this.orders.get(ref.transaction_id)
    if (!ref.order_no) return undefined
    if (ref.merchant_id) return this.byOrder(ref.merchant_id, ref.order_no)
    for (const o of this.orders.values()) if (o.order_no === ref.order_no) return o
    return undefined
  }

  allOrders(): Order[] {
    return [...this.orders.values()]
  }

  addSession(s: PageSession): void {
    this.sessions.set(s.token, s)
  }

  session(token: string): PageSession | undefined {
    return this.sessions.get(token)
  }

  sessionFor(transaction_id: string): PageSession | undefined {
    for (const s of this.sessions.values()) if (s.transaction_id === transaction_id) return s
    return undefined
  }
}
