import { Clock, compactTimestamp } from "./clock"
import { Faults } from "./faults"
import { fromMinor } from "./money"
import { Notifier, type NotifyType } from "./notifications"
import type { ResolvedSandboxOptions, SandboxAccount, SandboxMerchant } from "./options"
import { PayoutBook } from "./payouts"
import { Prng } from "./prng"
import { RequestLog } from "./request-log"
import { Scheduler } from "./scheduler"
import { ReadingsLog } from "./silent-points"
import type { Move } from "./state/machine"
import type { DisputeEntry, Order, RefundEntry } from "./state/order"
import { paymentStatus, queryResult } from "./state/status"
import { Store } from "./state/store"
import { TokenBook, tokenFields } from "./state/tokens"
import { REFUND_STATUS } from "../gateway/status-codes"

/** Everything one running sandbox owns; endpoints, pages and the handle share it. */
export class SandboxCore {
  readonly store = new Store()
  readonly clock = new Clock()
  readonly scheduler = new Scheduler()
  readonly faults: Faults
  readonly notifier: Notifier
  readonly requests: RequestLog
  readonly payouts = new PayoutBook()
  readonly tokens = new TokenBook()
  readonly readings = new ReadingsLog()
  readonly seed: number
  /** Set once the server listens. */
  baseUrl = ""
  private readonly merchants = new Map<string, { merchant: SandboxMerchant; accounts: Map<string, SandboxAccount> }>()
  private readonly ids: Prng
  private readonly instance: string
  private seq = 0

  constructor(readonly options: ResolvedSandboxOptions) {
    const prng = new Prng(options.seed)
    this.seed = prng.seed
    this.faults = new Faults(prng)
    this.ids = new Prng((this.seed ^ 0x9e3779b9) >>> 0)
    this.instance = String(100_000 + this.ids.int(900_000))
    this.notifier = new Notifier(options.notifications, this.faults, this.scheduler, this.seed)
    this.requests = new RequestLog(options.request_log_size)
    for (const merchant of options.merchants) {
      this.merchants.set(merchant.merchant_id, {
        merchant: merchant,
        accounts: new Map(merchant.accounts.map((a) => [a.account_id, a])),
      })
    }
  }

  merchant(merchant_id: string): SandboxMerchant | undefined {
    return this.merchants.get(merchant_id)?.merchant
  }

  account(merchant_id: string, account_id: string): SandboxAccount | undefined {
    return this.merchants.get(merchant_id)?.accounts.get(account_id)
  }

  /** Letters and digits only, so they sign and travel safely. */
  newId(prefix: string): string {
    this.seq++
    return `${prefix}${this.instance}${String(this.seq).padStart(6, "0")}`
  }

  /** Apply a state-machine move to the store. */
  commit(move: Move): Order | undefined {
    return move.ok ? this.store.update(move.order) : undefined
  }

  private signKey(o: Pick<Order, "merchant_id" | "account_id" | "key_index">): string {
    const a = this.account(o.merchant_id, o.account_id)
    return (o.key_index ? a?.previous_sign_keys[o.key_index - 1] : a?.sign_key) ?? ""
  }

  private orderFields(order: Order): Record<string, string> {
    return {
      merchant_id: order.merchant_id,
      account_id: order.account_id,
      transaction_id: order.transaction_id,
      order_no: order.order_no,
      currency: order.currency,
      amount: fromMinor(order.amount_minor),
      order_status: queryResult(order),
      order_info: order.order_info,
      payment_status: paymentStatus(order),
    }
  }

  /** One notification of `type` about the order, to its notify_url (none when the order has no notify_url). */
  private notify(o: Order, type: NotifyType, extra: Record<string, string> = {}): void {
    const url = o.request.notify_url
    if (typeof url !== "string" || !url) return
    this.notifier.send(type, url, { ...this.orderFields(o), ...extra }, this.signKey(o))
  }

  /** Payment or review result. */
  notifyOrder(o: Order, type: Extract<NotifyType, "payment" | "review">): void {
    // A payment that issued a token carries it (and the card's description), as its record does.
    this.notify(o, type, type === "payment" ? tokenFields(o) : {})
  }

  notifyRefund(o: Order, r: RefundEntry): void {
    this.notify(o, "refund", {
      refund_reference_id: r.refund_reference_id,
      refund_amount: fromMinor(r.amount_minor),
      refund_status: r.status === "processing" ? REFUND_STATUS.PROCESSING : REFUND_STATUS.REFUNDED,
    })
  }

  /** Dispute opened or closed (fields: the sandbox's docs; unsigned by the default rule, like refund fields). */
  notifyDispute(order: Order, dispute: DisputeEntry): void {
    this.notify(order, "dispute", {
      dispute_id: dispute.dispute_id,
      dispute_status: dispute.status,
      dispute_reason: dispute.reason,
      dispute_amount: fromMinor(dispute.amount_minor),
      dispute_deadline: dispute.deadline,
      dispute_date: compactTimestamp(dispute.closed_at ?? dispute.opened_at),
    })
  }

  stop(): void {
    this.scheduler.stop()
  }
}
