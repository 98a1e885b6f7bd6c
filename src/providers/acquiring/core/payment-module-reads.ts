import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { advisoryLocking, type SqlConnection } from "../../../lib/acquiring/advisory-lock"
import type { Locking } from "../../../lib/acquiring/queries/locks"

type Config = { select: string[]; relations?: string[] }
type ModuleService = { retrieve: (id: string, config: Config) => Promise<unknown> }

/** Medusa's `account_holder` row, where a customer's saved cards are kept (lib/acquiring/saved-cards.ts). */
export type HolderRow = { id: string; data?: Record<string, unknown> | null }

/** What `cancelPayment` needs to know about the payment it cancels. */
export type CanceledPayment = { created_at?: Date | string; collection_status?: string }

/**
 * The only place the provider reaches past its input and context into the payment module. Medusa builds
 * a payment provider in that module's own container (the payment module's `providers` loader registers
 * `new Provider(cradle, options)` there), whose entries are the module's internal services and the few
 * shared ones Medusa's module loader gives every module (logger, configModule, the database connection,
 * the event bus): not the locking module, and not the application's container.
 *
 * Each read below says what Medusa does not hand the provider. The specs that reach them (checkout and
 * capture, saved cards, kept authorisations) run on both ends of the peer range (the `integration:compat`
 * kind runs them on Medusa 2.18.0), so a renamed service fails a test there rather than a shop.
 */
export class PaymentModuleReads {
  constructor(private readonly cradle: Record<string, unknown>) {}

  /** `initiatePayment` is not told the session's collection; a sealed cart snapshot and an adoption ticket name one. */
  async sessionCollection(sessionId: string): Promise<string | undefined> {
    const row = await this.row<{ payment_collection_id?: string }>("paymentSessionService", sessionId, {
      select: ["id", "payment_collection_id"],
    })
    return row?.payment_collection_id
  }

  /** An adopting session's sealed ticket names the kept payment only by id; its data is in no input. */
  async paymentData(paymentId: string): Promise<unknown> {
    return (await this.row<{ data?: unknown }>("paymentService", paymentId, { select: ["id", "data"] }))?.data
  }

  /**
   * `cancelPayment` is not told why: a canceled collection means an order edit replaced it (the kept
   * authorisation, lib/acquiring/kept.ts), and the payment's creation starts the capture window.
   */
  async canceledPayment(paymentId: string): Promise<CanceledPayment | undefined> {
    type Row = { created_at?: Date | string; payment_collection?: { status?: string } }
    const row = await this.row<Row>("paymentService", paymentId, {
      select: ["id", "created_at"],
      relations: ["payment_collection"],
    })
    return row && { created_at: row.created_at, collection_status: row.payment_collection?.status }
  }

  /**
   * `capturePayment` is not told the amount: Medusa's Capture row, whose id is the call's idempotency key,
   * holds it. Undefined when the module has no capture service; throws when the row cannot be read.
   */
  async captureAmount(captureId: string): Promise<BigNumberInput | undefined> {
    const service = this.service("captureService")
    if (!service) return undefined
    const row = (await service.retrieve(captureId, { select: ["id", "amount", "raw_amount"] })) as
      { amount?: BigNumberInput; raw_amount?: BigNumberInput } | undefined
    return row ? (row.raw_amount ?? row.amount) : undefined
  }

  /**
   * Saving or deleting a card is handed only the holder's id, and its cards live in the holder's row
   * (the gateway keeps no customer): read and written back through the module's account-holder service.
   * Null when the row cannot be read.
   */
  async holder(holderId: string): Promise<HolderRow | null> {
    return ((await this.holderService()
      .retrieve(holderId, { select: ["id", "data"] })
      .catch(() => null)) ?? null) as HolderRow | null
  }

  async writeHolderData(holderId: string, data: Record<string, unknown>): Promise<void> {
    await this.holderService().update({ id: holderId, data })
  }

  /**
   * The lock around one holder's read-modify-write. The module's container has no locking module but
   * has the shared database connection: PostgreSQL's advisory locks (lib/acquiring/advisory-lock.ts).
   * Undefined without it (a provider built outside Medusa): the caller's in-process gate alone.
   */
  holderLocking(): Locking | undefined {
    const db = this.entry<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION)
    return db ? advisoryLocking(db) : undefined
  }

  private holderService() {
    const s = this.service("accountHolderService") as
      | (ModuleService & { update: (data: { id: string; data: Record<string, unknown> }) => Promise<unknown> })
      | undefined
    if (!s)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "acquiring: the payment module's account holder service is not available",
      )
    return s
  }

  /** A row of one of the module's services; undefined when it cannot be read. */
  private async row<T>(service: string, id: string, config: Config): Promise<T | undefined> {
    try {
      return (await this.service(service)?.retrieve(id, config)) as T | undefined
    } catch {
      return undefined
    }
  }

  private service(name: string): ModuleService | undefined {
    return this.entry<ModuleService>(name)
  }

  /** An entry of the container; undefined when it has none (awilix's cradle throws for an unknown name). */
  private entry<T>(name: string): T | undefined {
    try {
      return (this.cradle[name] ?? undefined) as T | undefined
    } catch {
      return undefined
    }
  }
}
