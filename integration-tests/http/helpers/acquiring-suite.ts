import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ACQUIRING_APP_DIR } from "./acquiring-env"
import { seedStore, type Seed } from "./acquiring-seed"
import { clonedAppRunner, hasDatabaseTemplate, type ClonedAppContext } from "./cloned-app-runner"

/** What both runners give a suite (the specs use nothing else of Medusa's runner). */
type RunnerContext = ClonedAppContext

export interface AcquiringSuiteContext extends RunnerContext {
  /** The seeded store; filled in before the first test (the same object throughout). */
  seed: Seed
  /** Admin calls that answer the response whatever its status (errors are asserted, not thrown). */
  admin: {
    post: (url: string, body?: unknown) => Promise<any>
    get: (url: string) => Promise<any>
  }
}

/**
 * A Medusa integration suite on the acquiring test app (integration-tests/acquiring), with the
 * store seeded once. Call useAcquiringEnv() first: the sandbox must be up before Medusa boots.
 */
export function acquiringTestRunner(
  testSuite: (ctx: AcquiringSuiteContext) => void,
  opts: { beforeSeed?: (container: MedusaContainer) => void } = {},
): void {
  const suite = (ctx: RunnerContext) => {
    const seed = {} as Seed
    beforeAll(async () => {
      opts.beforeSeed?.(ctx.getContainer())
      Object.assign(seed, await seedStore(ctx.api, ctx.getContainer()))
    })
    const admin = {
      post: (url: string, body: unknown = {}) => ctx.api.post(url, body, seed.admin).catch((e: any) => e.response),
      get: (url: string) => ctx.api.get(url, seed.admin).catch((e: any) => e.response),
    }
    testSuite({ ...ctx, seed, admin })
  }
  // A clone of the run's migrated template when the kind made one; Medusa's own runner (which
  // migrates each file's database) otherwise, e.g. on the lowest supported Medusa (integration:compat).
  if (hasDatabaseTemplate()) clonedAppRunner(ACQUIRING_APP_DIR, suite)
  else medusaIntegrationTestRunner({ cwd: ACQUIRING_APP_DIR, medusaConfigFile: ACQUIRING_APP_DIR, testSuite: suite })
}
