import { generateEntityId } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"

const HOUR_MS = 60 * 60 * 1000

export interface RefusedRow {
  hook: string
  dialect: string
  order_no: string | null
  notify_type: string | null
  reply_status: number
  reply_body: string
  changed: string | null
  fields: Record<string, string>
  digest: string
  signature: string | null
  received_at: Date
}

export type RefusedOutcome = "stored" | "counted" | "over_cap"

/** Plain statements: a flood of forgeries must cost the database as little as it can. */
export async function recordRefused(knex: Knex, row: RefusedRow, capPerHour: number): Promise<RefusedOutcome> {
  const seen = row.received_at
  const latest = knex("acquiring_notification")
    .select("id")
    .where({ hook: row.hook, digest: row.digest, verdict: "refused" })
    .whereNull("deleted_at")
    .orderBy("created_at", "desc")
    .limit(1)
  const counted = await knex("acquiring_notification")
    .where("id", latest)
    .update({ deliveries: knex.raw("deliveries + 1"), last_seen_at: seen, updated_at: seen })
  if (counted) return "counted"
  const full = await knex("acquiring_notification")
    .select("id")
    .where({ verdict: "refused" })
    .whereNull("deleted_at")
    .where("created_at", ">", new Date(seen.getTime() - HOUR_MS))
    .offset(capPerHour - 1)
    .limit(1)
  if (full.length) return "over_cap"
  await knex("acquiring_notification").insert({
    id: generateEntityId(undefined, "agntf"),
    hook: row.hook,
    dialect: row.dialect,
    order_no: row.order_no,
    notify_type: row.notify_type,
    verdict: "refused",
    reply_status: row.reply_status,
    reply_body: row.reply_body,
    changed: row.changed,
    fields: JSON.stringify(row.fields),
    digest: row.digest,
    signature: row.signature,
    deliveries: 1,
    last_seen_at: seen,
    created_at: seen,
    updated_at: seen,
  })
  return "stored"
}

/** Binds a verified signature to its first delivery; false when it came before with other fields. */
export async function sealSignature(knex: Knex, signatureHash: string, digest: string): Promise<boolean> {
  await knex("acquiring_notification_seal")
    .insert({ id: generateEntityId(undefined, "agseal"), signature_hash: signatureHash, digest })
    .onConflict(knex.raw('("signature_hash") where "deleted_at" is null'))
    .ignore()
  const [bound] = await knex("acquiring_notification_seal")
    .select("digest")
    .where({ signature_hash: signatureHash })
    .whereNull("deleted_at")
  return bound?.digest === digest
}
