/** jest globalSetup of the Medusa HTTP kinds: one migrated database the files clone (helpers/db-template.ts). */
import { buildTemplate } from "./helpers/db-template"

export default async function globalSetup(): Promise<void> {
  await buildTemplate((m) => process.stderr.write(`\n${m}\n`))
}
