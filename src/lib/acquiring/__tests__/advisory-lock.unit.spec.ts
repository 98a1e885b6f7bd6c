import { advisoryLocking, type RawQuery, type SqlConnection } from "../advisory-lock"

/**
 * The statements advisoryLocking sends and their order. PostgreSQL's own behaviour (a second lock of
 * the key waits, the timeout) is exercised on a real database by integration-tests/http/saved-cards.spec.ts.
 */
function recordingDb(fail?: (sql: string) => Error | undefined) {
  const log: string[] = []
  let open = 0
  let most = 0
  const db: SqlConnection = {
    async transaction(job) {
      open++
      most = Math.max(most, open)
      log.push("begin")
      const raw: RawQuery = async (sql, bindings) => {
        const e = fail?.(sql)
        if (e) throw e
        log.push(`${sql} ${JSON.stringify(bindings)}`)
      }
      try {
        const out = await job({ raw })
        log.push("commit")
        return out
      } catch (e) {
        log.push("rollback")
        throw e
      } finally {
        open--
      }
    },
  }
  return { db, log, most: () => most }
}

describe("advisoryLocking", () => {
  it("sets the timeout and takes the key's lock in a transaction of its own, around the job", async () => {
    const { db, log } = recordingDb()
    const out = await advisoryLocking(db).execute("acquiring:account-holder:a", async () => (log.push("job"), 42), {
      timeout: 10,
    })
    expect(out).toBe(42)
    expect(log).toEqual([
      "begin",
      `select set_config('lock_timeout', ?, true) ["10000ms"]`,
      `select pg_advisory_xact_lock(hashtextextended(?, 0)) ["acquiring:account-holder:a"]`,
      "job",
      "commit",
    ])
  })

  it("several keys are taken once each, in one sorted order", async () => {
    const { db, log } = recordingDb()
    await advisoryLocking(db).execute(["k:b", "k:a", "k:b"], async () => undefined)
    expect(log.filter((l) => l.includes("pg_advisory"))).toEqual([
      `select pg_advisory_xact_lock(hashtextextended(?, 0)) ["k:a"]`,
      `select pg_advisory_xact_lock(hashtextextended(?, 0)) ["k:b"]`,
    ])
  })

  it("a failing job rolls its transaction back (the lock goes with it) and the error is the job's", async () => {
    const { db, log } = recordingDb()
    await expect(advisoryLocking(db).execute("k", async () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    )
    expect(log.at(-1)).toBe("rollback")
  })

  it("a lock not granted in time says which key and how long", async () => {
    const timedOut = Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" })
    const { db } = recordingDb((sql) => (sql.includes("pg_advisory") ? timedOut : undefined))
    const job = jest.fn()
    await expect(advisoryLocking(db).execute("k:1", job, { timeout: 2 })).rejects.toThrow(
      "acquiring: the lock k:1 was not free within 2000 ms; try again",
    )
    expect(job).not.toHaveBeenCalled()
  })

  it("holds one lock at a time per process, so lockers never hold the whole connection pool", async () => {
    const { db, most } = recordingDb()
    const locking = advisoryLocking(db)
    const slow = () => new Promise((r) => setTimeout(r, 5))
    const results = await Promise.all(
      ["a", "b", "c"].map((k) => locking.execute(k, async () => (await slow(), k)).catch((e) => e)),
    )
    expect(results).toEqual(["a", "b", "c"])
    expect(most()).toBe(1)
  })

  it("one locking per connection pool: two providers of one app share its queue", async () => {
    const { db } = recordingDb()
    expect(advisoryLocking(db)).toBe(advisoryLocking(db))
    expect(advisoryLocking({ transaction: db.transaction.bind(db) })).not.toBe(advisoryLocking(db))
  })

  it("a failed run does not block the next one", async () => {
    const { db } = recordingDb()
    const locking = advisoryLocking(db)
    await expect(locking.execute("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    expect(await locking.execute("k", async () => "next")).toBe("next")
  })
})
