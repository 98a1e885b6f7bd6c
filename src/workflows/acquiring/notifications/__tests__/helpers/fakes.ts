import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"

/** Inputs of Medusa's processPaymentWorkflow, which a spec replaces with `jest.mock(..., fakeCoreFlows)`. */
export const processPaymentRuns: unknown[] = []

/**
 * Medusa's core flows with processPaymentWorkflow recording its input instead of running. Used as
 * `jest.mock("@medusajs/medusa/core-flows", () => jest.requireActual("./helpers/fakes").fakeCoreFlows())`.
 */
export const fakeCoreFlows = () => {
  const actual = jest.requireActual("@medusajs/medusa/core-flows")
  return {
    ...actual,
    processPaymentWorkflow: Object.assign(
      () => ({ run: async ({ input }: { input: unknown }) => void processPaymentRuns.push(input) }),
      // Composed, never run, by the item workflow these specs load with the kept authorisations' release.
      { runAsStep: actual.processPaymentWorkflow.runAsStep },
    ),
  }
}

/** A child workflow replaced by one step that runs `write`: composed with runAsStep as the real one. */
export function fakeWorkflow<I>(id: string, write: (input: I) => Promise<unknown>) {
  const step = createStep(`${id}-write`, async (input: I) => new StepResponse((await write(input)) ?? id))
  return createWorkflow(id, (input: WorkflowData<I>) => new WorkflowResponse(step(input)))
}

/** A per-key lock that really serialises, as `execute` and the lock steps' `acquire`/`release`; each key logged. */
export function fakeLocking(locks: string[] = []) {
  const held = new Map<string, Promise<void>>()
  const free = new Map<string, () => void>()
  const locking = {
    execute: async (key: string, job: () => Promise<unknown>) => {
      await locking.acquire(key)
      try {
        return await job()
      } finally {
        await locking.release(key)
      }
    },
    acquire: async (keys: string | string[]) => {
      for (const key of [keys].flat()) {
        locks.push(key)
        while (held.has(key)) await held.get(key)
        held.set(key, new Promise((resolve) => free.set(key, resolve)))
      }
    },
    release: async (keys: string | string[]) => {
      for (const key of [keys].flat()) {
        const resolve = free.get(key)
        held.delete(key)
        free.delete(key)
        resolve?.()
      }
      return true
    },
  }
  return locking
}

/** The order number of the specs' payment session, and the session's id. */
export const ORDER_NO = "payses01JABCDEFGHJKMNPQRSTVWXYZ0"
export const SESSION_ID = "payses_01JABCDEFGHJKMNPQRSTVWXYZ0"

/** The acquiring data of the specs' one payment, as the provider stores it. */
export const PAYMENT_DATA = {
  order_no: ORDER_NO,
  currency: "EUR",
  amount: "32.89",
  variant: "hosted",
  account_id: "100000101",
  transaction_id: "T1",
}
