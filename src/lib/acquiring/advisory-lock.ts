import { MedusaError } from "@medusajs/framework/utils"
import type { Locking } from "./queries/locks"

export type RawQuery = (sql: string, bindings: unknown[]) => Promise<unknown>

/** The part of a knex connection (Medusa's shared `__pg_connection__`) this needs. */
export interface SqlConnection {
  transaction<T>(job: (trx: { raw: RawQuery }) => Promise<T>): Promise<T>
}

/** PostgreSQL's error code for a lock not granted within `lock_timeout`. */
const LOCK_NOT_AVAILABLE = "55P03"

const perPool = new WeakMap<SqlConnection, Locking>()

/**
 * Medusa's `Locking` over PostgreSQL advisory locks, for code without the locking module (a payment provider).
 * One lock per pool at a time: each holds a connection while its job takes another, so a burst could drain it.
 */
export function advisoryLocking(db: SqlConnection): Locking {
  let locking = perPool.get(db)
  if (!locking) perPool.set(db, (locking = queuedLocking(db)))
  return locking
}

function queuedLocking(db: SqlConnection): Locking {
  let last: Promise<unknown> = Promise.resolve()
  return {
    execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number }): Promise<T> {
      const sorted = [...new Set([keys].flat())].sort() // one order for everyone: no cycle between two lockers
      const timeoutMs = Math.max(1, Math.round((args?.timeout ?? 5) * 1000))
      const run = last.catch(() => undefined).then(() => lockedRun(db, sorted, timeoutMs, job))
      last = run.catch(() => undefined)
      return run
    },
  }
}

async function lockedRun<T>(db: SqlConnection, keys: string[], timeoutMs: number, job: () => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw("select set_config('lock_timeout', ?, true)", [`${timeoutMs}ms`])
    for (const key of keys) {
      try {
        await trx.raw("select pg_advisory_xact_lock(hashtextextended(?, 0))", [key])
      } catch (e) {
        if ((e as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw e
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          `acquiring: the lock ${key} was not free within ${timeoutMs} ms; try again`,
        )
      }
    }
    return job()
  })
}
