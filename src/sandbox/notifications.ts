import { encodeForm } from "../gateway/codecs"
import { inNotificationDialect, notificationFieldName } from "../gateway/schemas/notification"
import { sign } from "../gateway/signing"
import type { Faults, NotifyFault } from "./faults"
import type { ResolvedSandboxOptions } from "./options"
import { Prng } from "./prng"
import { nextRetryDelay } from "./retry-schedule"
import type { Scheduler } from "./scheduler"

/** Form-urlencoded POSTs in the configured dialect, signed, retried until a 2xx or the retry schedule ends. */
export type NotifyType = "payment" | "review" | "refund" | "dispute" | "payout"

export interface DeliveryAttempt {
  at: number
  status?: number
  error?: string
  duration_ms: number
}

export interface NotificationRecord {
  id: number
  notify_type: NotifyType
  url: string
  payload: Record<string, string>
  created_at: number
  state: "pending" | "held" | "delivered" | "failed" | "dropped"
  attempts: DeliveryAttempt[]
  next_attempt_at?: number
  faults: string[]
  duplicate_of?: number
}

type NotifyOptions = ResolvedSandboxOptions["notifications"]

export class Notifier {
  private readonly records: NotificationRecord[] = []
  private held: Array<{ rec: NotificationRecord; released: boolean }> = []
  private readonly after = new Map<number, Array<{ rec: NotificationRecord; released: boolean }>>()
  private nextId = 1
  private readonly jitter: Prng
  private readonly planned = new WeakMap<NotificationRecord, number>()

  constructor(
    private readonly opts: NotifyOptions,
    private readonly faults: Faults,
    private readonly scheduler: Scheduler,
    seed: number,
  ) {
    this.jitter = new Prng((seed + 1) >>> 0)
  }

  send(type: NotifyType, url: string, fields: Record<string, string>, signKey: string): NotificationRecord {
    const ours: Record<string, string> = { notify_type: type, ...fields }
    ours.encryption_data = this.signature(
      ours,
      type === "payout" ? this.opts.payout_sign_fields : this.opts.sign_fields,
      signKey,
    )
    // Signed under our names, then renamed: both dialects sign the same values.
    const payload = inNotificationDialect(ours, this.opts.dialect)
    const fired = this.faults.roll("notifications") as NotifyFault[]
    const rec = this.record(
      type,
      url,
      payload,
      fired.map((f) => f.kind),
    )
    if (fired.some((f) => f.kind === "drop")) {
      rec.state = "dropped"
      return rec
    }
    const extra = fired.reduce((s, f) => s + (f.kind === "delay" ? f.delay_ms : 0), 0)
    const reorder = fired.find((f) => f.kind === "out_of_order")
    const delay = this.opts.initial_delay_ms + extra
    if (reorder && reorder.kind === "out_of_order") this.hold(rec, reorder.hold_ms)
    else {
      // Held ones go out once this one's first attempt is over, so they arrive after it.
      this.after.set(rec.id, this.held.splice(0))
      this.schedule(rec, delay)
    }
    if (fired.some((f) => f.kind === "duplicate")) {
      const dup = this.record(type, url, payload, ["duplicate"])
      dup.duplicate_of = rec.id
      this.schedule(dup, delay + 5)
    }
    return rec
  }

  list(): NotificationRecord[] {
    return this.records.map((r) => ({ ...r, attempts: [...r.attempts], payload: { ...r.payload } }))
  }

  busy(): boolean {
    return this.records.some((r) => r.state === "pending" || r.state === "held")
  }

  private signature(payload: Record<string, string>, fields: string[], key: string): string {
    try {
      const hex = sign(
        payload,
        fields.map((f) => notificationFieldName(f)),
        key,
      )
      return this.opts.signature_case === "upper" ? hex.toUpperCase() : hex
    } catch {
      return "" // a value the rule cannot sign (& < > " '): the receiver will reject it, as the gateway's would
    }
  }

  private record(type: NotifyType, url: string, payload: Record<string, string>, faults: string[]): NotificationRecord {
    const rec: NotificationRecord = {
      id: this.nextId++,
      notify_type: type,
      url,
      payload,
      created_at: Date.now(),
      state: "pending",
      attempts: [],
      faults,
    }
    this.records.push(rec)
    return rec
  }

  private hold(rec: NotificationRecord, holdMs: number) {
    rec.state = "held"
    const held = { rec, released: false }
    this.held.push(held)
    this.scheduler.after(holdMs, () => {
      this.held = this.held.filter((x) => x !== held)
      this.release(held, 0)
    })
  }

  private release(h: { rec: NotificationRecord; released: boolean }, delay: number) {
    if (h.released) return
    h.released = true
    h.rec.state = "pending"
    this.schedule(h.rec, delay)
  }

  private schedule(rec: NotificationRecord, delay: number) {
    rec.next_attempt_at = Date.now() + delay
    this.scheduler.after(delay, () => this.attempt(rec))
  }

  private async attempt(rec: NotificationRecord): Promise<void> {
    const started = Date.now()
    const attempt: DeliveryAttempt = { at: started, duration_ms: 0 }
    try {
      const res = await fetch(rec.url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: encodeForm(rec.payload),
        signal: AbortSignal.timeout(this.opts.attempt_timeout_ms),
        redirect: "manual",
      })
      attempt.status = res.status
      await res.arrayBuffer().catch(() => undefined)
    } catch (err) {
      attempt.error =
        err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)
    }
    attempt.duration_ms = Date.now() - started
    rec.attempts.push(attempt)
    for (const held of this.after.get(rec.id) ?? []) this.release(held, 0)
    this.after.delete(rec.id)
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      rec.state = "delivered"
      rec.next_attempt_at = undefined
    } else {
      // Planned time since the first attempt: the schedule is retrySchedule's, however late timers fire.
      const elapsed = this.planned.get(rec) ?? 0
      const delay = nextRetryDelay(this.opts, rec.attempts.length, elapsed, () => this.jitter.next())
      if (delay === null) {
        rec.state = "failed"
        rec.next_attempt_at = undefined
      } else {
        this.planned.set(rec, elapsed + delay)
        this.schedule(rec, delay)
      }
    }
  }
}
