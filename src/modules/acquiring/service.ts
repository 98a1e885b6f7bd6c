import { MedusaService } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { TrackedDispute } from "../../lib/acquiring/disputes"
import { disputeColumns, trackedDispute } from "./lib/disputes"
import { recordRefused, sealSignature, type RefusedOutcome, type RefusedRow } from "./lib/notification-rows"
import { openedRow } from "./lib/opened-row"
import { SettingsOwner, type SettingsSave } from "./lib/settings-owner"
import type { EffectiveSettings } from "../../lib/acquiring/settings/effective"
import type { MerchantSettings } from "../../lib/acquiring/settings/schema"
import type { ConfigModule } from "@medusajs/framework/types"
import { CaptureDue } from "./models/capture-due"
import { Dispute, GatewayOrder, KeptAuthorisation, Movement, Notification } from "./models/gateway-order"
import { NotificationSeal } from "./models/notification-seal"
import { SettingsAudit } from "./models/settings-audit"
import { SettingsVersion } from "./models/settings"
import type { GatewayOrderDTO, MovementInput, OpenedOrder } from "./types"

export type { DisputeDTO, GatewayOrderDTO, MovementDTO, MovementInput, NotificationDTO, OpenedOrder } from "./types"

type GatewayOrdersPageQuery = { provider_ids: string[]; since: Date; after?: string; take: number }

/** The plugin's books, written from routes, workflows and subscribers: Medusa isolates the payment provider. */
class AcquiringModuleService extends MedusaService({
  GatewayOrder,
  Movement,
  Notification,
  NotificationSeal,
  Dispute,
  CaptureDue,
  KeptAuthorisation,
  SettingsVersion,
  SettingsAudit,
}) {
  private readonly settings_: SettingsOwner

  constructor(container: Record<string, unknown>, _options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.settings_ = new SettingsOwner(() => this.knex(), (container as { configModule?: ConfigModule }).configModule)
  }

  async effectiveSettings(providerOrConfigId: string, version?: number): Promise<EffectiveSettings> {
    return this.settings_.at(providerOrConfigId, version)
  }

  /** The newest version this process has read, without I/O (null before the first read). */
  // eslint-disable-next-line @medusajs/service-methods-must-be-async -- a synchronous accessor, no I/O
  knownSettings(providerOrConfigId: string): EffectiveSettings | null {
    return this.settings_.known(providerOrConfigId)
  }

  async sealedSettings(configId: string, version: number): Promise<MerchantSettings | null> {
    return this.settings_.sealedValues(configId, version)
  }

  /** The provider entry of the Medusa config (its raw options lock fields). */
  async settingsEntry(providerOrConfigId: string) {
    return this.settings_.entry(providerOrConfigId)
  }

  async saveSettings(input: SettingsSave): Promise<number> {
    return this.settings_.save(input)
  }

  /** Undo of saveSettings: the version and its audit row. */
  async dropSettingsVersion(configId: string, version: number): Promise<void> {
    return this.settings_.drop(configId, version)
  }

  async settingsHistory(configId: string) {
    return this.settings_.history(configId)
  }

  async settingsVersionsOf(orderNos: string[]): Promise<Map<string, number>> {
    if (!orderNos.length) return new Map()
    const rows = await this.knex()("acquiring_gateway_order")
      .select("order_no", "settings_version")
      .whereIn("order_no", orderNos)
      .whereNull("deleted_at")
    return new Map(rows.map((r) => [r.order_no as string, Number(r.settings_version)]))
  }

  /** Returns how many were new; the unique order number decides between concurrent requests. */
  async recordOpened(rows: OpenedOrder[]): Promise<number> {
    const fresh = [...new Map(rows.map((r) => [r.order_no, r])).values()]
    if (!fresh.length) return 0
    const knex = this.knex()
    const inserted = await knex("acquiring_gateway_order")
      .insert(fresh.map(openedRow))
      .onConflict(knex.raw('("order_no") where "deleted_at" is null'))
      .ignore()
      .returning("id")
    return inserted.length
  }

  async disputesOfPayments(paymentIds: string[]): Promise<Map<string, TrackedDispute[]>> {
    const out = new Map<string, TrackedDispute[]>()
    if (!paymentIds.length) return out
    const rows = await this.listDisputes({ payment_id: paymentIds }, { order: { created_at: "ASC" }, take: null })
    for (const row of rows) out.set(row.payment_id, [...(out.get(row.payment_id) ?? []), trackedDispute(row as never)])
    return out
  }

  /** Returns the previous state (null when new) for an undo. */
  async saveDispute(paymentId: string, orderNo: string, d: TrackedDispute): Promise<TrackedDispute | null> {
    const [row] = await this.listDisputes({ payment_id: paymentId, dispute_id: d.id })
    if (row) {
      await this.updateDisputes({ id: row.id, ...disputeColumns(d) } as never)
      return trackedDispute(row as never)
    }
    await this.createDisputes({ payment_id: paymentId, order_no: orderNo, ...disputeColumns(d) } as never)
    return null
  }

  /** Undo of saveDispute. */
  async restoreDispute(paymentId: string, disputeId: string, previous: TrackedDispute | null): Promise<void> {
    const [row] = await this.listDisputes({ payment_id: paymentId, dispute_id: disputeId })
    if (!row) return
    if (previous) await this.updateDisputes({ id: row.id, ...disputeColumns(previous) } as never)
    else await this.deleteDisputes(row.id)
  }

  /** A keyset page of open gateway orders: a plain SELECT builds no entity per row, unlike the generated list. */
  async openGatewayOrdersPage(q: GatewayOrdersPageQuery, fields: readonly string[]): Promise<GatewayOrderDTO[]> {
    return this.gatewayOrdersPage(["open"], q, fields)
  }

  /** A keyset page of the gateway orders reconciliation follows: open or attached, of these providers, since a date. */
  async followedGatewayOrdersPage(q: GatewayOrdersPageQuery, fields: readonly string[]): Promise<GatewayOrderDTO[]> {
    return this.gatewayOrdersPage(["open", "attached"], q, fields)
  }

  private async gatewayOrdersPage(
    states: GatewayOrderDTO["state"][],
    q: GatewayOrdersPageQuery,
    fields: readonly string[],
  ): Promise<GatewayOrderDTO[]> {
    const rows = this.knex()("acquiring_gateway_order")
      .select([...fields])
      .whereIn("state", states)
      .whereIn("provider_id", q.provider_ids)
      .where("created_at", ">=", q.since)
      .whereNull("deleted_at")
      .orderBy("id", "asc")
      .limit(q.take)
    if (q.after) rows.where("id", ">", q.after)
    return (await rows) as GatewayOrderDTO[]
  }

  /** Mark open orders attached in one statement; the generated update round-trips every row through the ORM. */
  async markAttached(ids: string[]): Promise<number> {
    if (!ids.length) return 0
    const knex = this.knex()
    return knex("acquiring_gateway_order")
      .whereIn("id", ids)
      .where({ state: "open" })
      .whereNull("deleted_at")
      .update({ state: "attached", updated_at: knex.fn.now() })
  }

  /** No decorators here: the esbuild transform of `medusa db:migrate` refuses parameter decorators. */
  private knex(): Knex {
    const repo = (this as unknown as { baseRepository_: { getFreshManager(): { getKnex(): Knex } } }).baseRepository_
    return repo.getFreshManager().getKnex()
  }

  /** An order already due stays one row. */
  async markCaptureDue(orderIds: string[]): Promise<void> {
    const known = new Set((await this.listCaptureDues({ order_id: orderIds })).map((d) => d.order_id))
    const fresh = [...new Set(orderIds)].filter((id) => !known.has(id))
    if (!fresh.length) return
    try {
      await this.createCaptureDues(fresh.map((order_id) => ({ order_id })))
    } catch (e) {
      // Another event wrote it between the read and the write (unique order_id): already due.
      if (!/unique|duplicate/i.test((e as Error).message)) throw e
    }
  }

  async clearCaptureDue(orderIds: string[]): Promise<void> {
    if (!orderIds.length) return
    const rows = await this.listCaptureDues({ order_id: orderIds }, { select: ["id"] })
    if (rows.length) await this.deleteCaptureDues(rows.map((r) => r.id))
  }

  async recordRefusedNotification(row: RefusedRow, capPerHour: number): Promise<RefusedOutcome> {
    return recordRefused(this.knex(), row, capPerHour)
  }

  async sealSignature(signatureHash: string, digest: string): Promise<boolean> {
    return sealSignature(this.knex(), signatureHash, digest)
  }

  async recordMovements(rows: MovementInput[]): Promise<void> {
    if (rows.length) await this.createMovements(rows as never)
  }
}

export default AcquiringModuleService
