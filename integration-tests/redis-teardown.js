/**
 * Called by globalTeardown on the Redis kinds: delete the keys, queues and locks this jest run's
 * test apps made under its prefix (redisRunPrefix in integration-tests/acquiring/redis-modules.ts).
 */
module.exports = async function redisTeardown(prefix = `acqtest-${process.pid}`) {
  const Redis = require("ioredis")
  const redis = new Redis(process.env.ACQ_REDIS_URL ?? "redis://127.0.0.1:6379", {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  })
  try {
    await redis.connect()
    let cursor = "0"
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}-*`, "COUNT", 1000)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== "0")
  } catch (e) {
    console.error(`redis teardown: ${e.message}`)
  } finally {
    redis.disconnect()
  }
}
