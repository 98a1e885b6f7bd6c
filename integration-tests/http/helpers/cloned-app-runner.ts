import type { MedusaContainer } from "@medusajs/framework/types"
import { TEMPLATE_ENV, freshDatabase, testPgEnv } from "../../helpers/db-template"

/* eslint-disable @typescript-eslint/no-require-imports -- test-utils' internals have no typed entry point */
const utils = require("@medusajs/test-utils/dist/medusa-test-runner-utils")
const {
  waitWorkflowExecutions,
} = require("@medusajs/test-utils/dist/medusa-test-runner-utils/wait-workflow-executions")
const { databaseUrl, dropDatabase } = require("../../../scripts/demo/db.js")
/* eslint-enable @typescript-eslint/no-require-imports */

export interface ClonedAppContext {
  /** axios on the app's port (usable inside tests; filled in by the runner's beforeAll). */
  api: any
  getContainer: () => MedusaContainer
}

/** True when this jest run has a migrated template to clone (the kind's globalSetup made one). */
export const hasDatabaseTemplate = (): boolean => Boolean(process.env[TEMPLATE_ENV])

/**
 * What medusaIntegrationTestRunner does for a file, on a clone of the run's migrated template
 * (helpers/db-template.ts): the runner itself checks every module's migrations and syncs the links
 * on each file's database (about 10 s per file alone, more under load) and loads the app twice; here
 * the clone is already migrated and the app is started once, by test-utils' own startApp. The rest is
 * the runner's contract: the database is snapshotted after the suite's own beforeAll hooks (the
 * seed) and restored before every later test, workflow executions are awaited after each test.
 */
export function clonedAppRunner(cwd: string, testSuite: (ctx: ClonedAppContext) => void): void {
  const pgEnv = testPgEnv()
  const dbName = `acq_it_${process.pid}_${Date.now().toString(36)}`
  const snapshotName = `${dbName}_snap`
  let app: { shutdown: () => Promise<void>; container: MedusaContainer; port: number } | undefined
  let axiosApi: any
  let snapshotted = false
  const previousUrl = process.env.DATABASE_URL

  describe("", () => {
    beforeAll(async () => {
      await freshDatabase(pgEnv, dbName)
      process.env.DATABASE_URL = databaseUrl(pgEnv, dbName)
      await utils.configLoaderOverride(cwd, { clientUrl: process.env.DATABASE_URL, debug: false })
      app = await utils.startApp({ cwd, env: {} })
      const { default: axios } = await import("axios")
      axiosApi = axios.create({ baseURL: `http://localhost:${app!.port}` })
      await waitWorkflowExecutions(app!.container)
    })

    beforeEach(async () => {
      if (!snapshotted) {
        await utils.createPostgresDatabaseTemplate({ databaseName: dbName, templateName: snapshotName })
        snapshotted = true
        return
      }
      await utils.restorePostgresDatabaseFromTemplate({ databaseName: dbName, templateName: snapshotName })
    })

    afterEach(async () => {
      if (app) await waitWorkflowExecutions(app.container)
    })

    afterAll(async () => {
      await app?.shutdown().catch(() => {})
      await utils.clearInstances()
      await utils.closeWaitingroomClient()
      for (const name of [snapshotName, dbName]) await dropDatabase(pgEnv, name).catch(() => {})
      if (previousUrl === undefined) delete process.env.DATABASE_URL
      else process.env.DATABASE_URL = previousUrl
    })

    testSuite({
      api: new Proxy({}, { get: (_, prop) => axiosApi?.[prop] }),
      getContainer: () => app!.container,
    })
  })
}
