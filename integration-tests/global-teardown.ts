/** jest globalTeardown: drop the run's database template; on the Redis kinds, clear this run's keys too. */
import { redisRunPrefix } from "./acquiring/redis-modules"
import { dropTemplate } from "./helpers/db-template"

export default async function globalTeardown(): Promise<void> {
  await dropTemplate()
  if (["integration:redis", "integration:multiprocess"].includes(process.env.TEST_TYPE ?? "")) {
    await require("./redis-teardown")(redisRunPrefix())
  }
}
