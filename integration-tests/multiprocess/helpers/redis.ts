import Redis from "ioredis"

/** Deletes every key of one test's namespace (queues, locks, cache, workflow engine). */
export async function deleteNamespace(redisUrl: string, ns: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  let cursor = "0"
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${ns}*`, "COUNT", 1000)
    if (keys.length) await redis.del(...keys)
    cursor = next
  } while (cursor !== "0")
  redis.disconnect()
}
