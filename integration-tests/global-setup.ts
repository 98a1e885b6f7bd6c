/** jest globalSetup of the Medusa HTTP kinds: one migrated database the files clone (helpers/db-template.ts). */
import { redisRunPrefix } from "./acquiring/redis-modules"
import { buildTemplate } from "./helpers/db-template"

export default async function globalSetup(): Promise<void> {
  redisRunPrefix() // fixed here, before the workers start, so the Redis kind's files inherit it
  await buildTemplate((m) => process.stderr.write(`\n${m}\n`))
}
