import type { ConfigModule } from "@medusajs/framework/types"
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { acquiringProviderConfigs, configIdOf } from "../../../lib/acquiring/config"
import { settingsCipher } from "../../../lib/acquiring/settings/cipher"
import { effectiveSettings, type EffectiveSettings } from "../../../lib/acquiring/settings/effective"
import { orderSettings } from "../../../lib/acquiring/settings/layers"
import type { MerchantSettings } from "../../../lib/acquiring/settings/schema"
import { openSecrets } from "../../../lib/acquiring/settings/secrets"

/**
 * Owner of each provider entry's settings and their gateway clients. Versions are immutable, so a
 * client is kept per (entry, version); every process sees a save on its next read of the latest.
 */
export class SettingsOwner {
  private readonly built = new Map<string, EffectiveSettings>()
  /** Per entry, the cache key of the newest version this process has read. */
  private readonly latest = new Map<string, string>()

  constructor(
    private readonly knex: () => Knex,
    private readonly config: ConfigModule | undefined,
  ) {}

  /** The entry from its config id or a Medusa provider id. */
  entry(providerOrConfigId: string) {
    const id = configIdOf(providerOrConfigId) ?? providerOrConfigId
    const c = this.config ? acquiringProviderConfigs(this.config).find((p) => p.config_id === id) : undefined
    if (!c)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `${providerOrConfigId} is not an acquiring provider entry`)
    return c
  }

  /** The saved values of a version, secrets still sealed (null for 0 or an unknown version). */
  async sealedValues(configId: string, version: number): Promise<MerchantSettings | null> {
    if (!version) return null
    const row = await this.knex()("acquiring_settings")
      .where({ provider_id: configId, version })
      .whereNull("deleted_at")
      .first("values")
    return (row?.values as MerchantSettings | undefined) ?? null
  }

  /**
   * Options and client of the newest version, or of a gateway order opened under `version`: its
   * credentials from that version, its policies from the newest. Built once per pair.
   */
  async at(providerOrConfigId: string, version?: number): Promise<EffectiveSettings> {
    const c = this.entry(providerOrConfigId)
    // Keyed by the rows' ids, not their numbers: a number is reused when a test empties the table.
    const { newest, ids } = await this.versionRows(c.config_id, version)
    const v = version ?? newest
    if (v && !ids.has(v))
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `settings version ${v} of ${c.config_id} does not exist`)
    const key = [c.config_id, ids.get(v) ?? 0, ids.get(newest) ?? 0].join("\u0000")
    if (v === newest) this.latest.set(c.config_id, key)
    const hit = this.built.get(key)
    if (hit) return hit
    const latest = await this.opened(c.config_id, newest)
    const stored = v === newest ? latest : orderSettings(await this.opened(c.config_id, v), latest)
    const built = effectiveSettings(c.config_id, c.raw_options ?? {}, v, stored)
    this.built.set(key, built)
    return built
  }

  /** The newest saved version's number (0: none saved) and the row ids of it and of `version`, in one statement. */
  private async versionRows(configId: string, version?: number): Promise<{ newest: number; ids: Map<number, string> }> {
    const knex = this.knex()
    const live = () => knex("acquiring_settings").where({ provider_id: configId }).whereNull("deleted_at")
    const rows = await live()
      .where((q) => {
        q.where("version", live().max("version"))
        if (version) q.orWhere("version", version)
      })
      .select("id", "version")
    const ids = new Map<number, string>(rows.map((r) => [Number(r.version), r.id as string]))
    return { newest: Math.max(0, ...ids.keys()), ids }
  }

  /** A version's values with their secrets opened (null for 0). */
  private async opened(configId: string, v: number): Promise<MerchantSettings | null> {
    const sealed = await this.sealedValues(configId, v)
    if (v && !sealed)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `settings version ${v} of ${configId} does not exist`)
    if (!sealed) return null
    const cipher = settingsCipher()
    const hasSecret = !!sealed.accounts?.length
    if (hasSecret && !cipher)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "ACQUIRING_SETTINGS_KEY is not set: saved sign keys cannot be read",
      )
    return hasSecret && cipher ? openSecrets(sealed, cipher) : sealed
  }

  /** A new version and its audit row in one transaction; two saves at once cannot share a number. */
  async save(input: SettingsSave): Promise<number> {
    const knex = this.knex()
    return knex.transaction(async (trx) => {
      const row = await trx("acquiring_settings").where({ provider_id: input.config_id }).max("version as v").first()
      const version = Number(row?.v ?? 0) + 1
      const at = { provider_id: input.config_id, version }
      await trx("acquiring_settings").insert({
        id: generateEntityId(undefined, "agset"),
        ...at,
        values: JSON.stringify(input.sealed),
      })
      await trx("acquiring_settings_audit").insert({
        id: generateEntityId(undefined, "agaud"),
        ...at,
        actor_id: input.actor.id,
        actor_email: input.actor.email,
        changes: JSON.stringify(input.changes),
        check_overridden: input.check_overridden,
        check: JSON.stringify(input.check),
        restored_from: input.restored_from,
      })
      return version
    })
  }

  async drop(configId: string, version: number): Promise<void> {
    await this.knex().transaction(async (trx) => {
      for (const table of ["acquiring_settings_audit", "acquiring_settings"])
        await trx(table).where({ provider_id: configId, version }).delete()
    })
  }

  /** Every saved version of an entry, newest first, with who saved it and what changed. */
  async history(configId: string) {
    const rows = await this.knex()("acquiring_settings_audit")
      .where({ provider_id: configId })
      .whereNull("deleted_at")
      .orderBy("version", "desc")
      .limit(500)
    return rows.map((r) => ({
      version: Number(r.version),
      actor: { id: r.actor_id as string, email: (r.actor_email as string | null) ?? null },
      created_at: r.created_at as Date,
      changes: r.changes as Array<{ key: string; from: unknown; to: unknown }>,
      check_overridden: !!r.check_overridden,
      restored_from: r.restored_from === null ? null : Number(r.restored_from),
    }))
  }

  /** Without I/O: the newest version this process has read (medusa-config.ts alone before any read). */
  known(providerOrConfigId: string): EffectiveSettings | null {
    const c = this.entry(providerOrConfigId)
    const key = this.latest.get(c.config_id)
    return (key && this.built.get(key)) || null
  }
}

export interface SettingsSave {
  config_id: string
  sealed: MerchantSettings
  actor: { id: string; email: string | null }
  changes: Array<{ key: string; from: unknown; to: unknown }>
  check_overridden: boolean
  check: unknown
  restored_from: number | null
}
