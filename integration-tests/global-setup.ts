/** jest globalSetup of the Medusa HTTP kinds: one migrated database the files clone (helpers/db-template.ts). */
import { buildTemplate } from "./helpers/db-template"

export default async function globalSetup(): Promise<void> {
  // The Redis kind's files (in worker processes too) name their keys under this run (redis-teardown.js clears it).
  process.env.ACQ_REDIS_RUN ??= `acqtest-${process.pid}`
  await buildTemplate((m) => process.stderr.write(`\n${m}\n`))
}
