import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { advisoryLocking, type SqlConnection } from "../../../lib/acquiring/advisory-lock"
import type { Locking } from "../../../lib/acquiring/queries/locks"

type Config = { select: string[]; relations?: string[] }
type ModuleService = { retrieve: (id: string, config: Config) => Promise<unknown> }

export type HolderRow = { id: string; data?: Record<string, unknown> | null }

export type CanceledPayment = { created_at?: Date | string; collection_status?: string }

/**
 * The only reach past the provider's input into the payment module. Medusa builds a provider in
 * that module's container: its internal services and a few shared ones, no locking module.
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

  /** A canceled collection means an order edit replaced it; the payment's creation starts the capture window. */
  async canceledPayment(paymentId: string): Promise<CanceledPayment | undefined> {
    type Row = { created_at?: Date | string; payment_collection?: { status?: string } }
    const row = await this.row<Row>("paymentService", paymentId, {
      select: ["id", "created_at"],
      relations: ["payment_collection"],
    })
    return row && { created_at: row.created_at, collection_status: row.payment_collection?.status }
  }

  /** Medusa's Capture row holds the amount. Undefined without a capture service; throws when unreadable. */
  async captureAmount(captureId: string): Promise<BigNumberInput | undefined> {
    const service = this.service("captureService")
    if (!service) return undefined
    const row = (await service.retrieve(captureId, { select: ["id", "amount", "raw_amount"] })) as
      { amount?: BigNumberInput; raw_amount?: BigNumberInput } | undefined
    return row ? (row.raw_amount ?? row.amount) : undefined
  }

  /** A holder's cards, read and written through the module's account-holder service. Null when unreadable. */
  async holder(holderId: string): Promise<HolderRow | null> {
    return ((await this.holderService()
      .retrieve(holderId, { select: ["id", "data"] })
      .catch(() => null)) ?? null) as HolderRow | null
  }

  async writeHolderData(holderId: string, data: Record<string, unknown>): Promise<void> {
    await this.holderService().update({ id: holderId, data })
  }

  /**
   * The module's container has no locking module but has the database connection: an advisory
   * lock. Undefined without it: the caller's in-process gate alone.
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
