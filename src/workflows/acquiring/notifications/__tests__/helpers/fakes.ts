/** Inputs of Medusa's processPaymentWorkflow, which a spec replaces with `jest.mock(..., fakeCoreFlows)`. */
export const processPaymentRuns: unknown[] = []

/**
 * Medusa's core flows with processPaymentWorkflow recording its input instead of running. Used as
 * `jest.mock("@medusajs/medusa/core-flows", () => jest.requireActual("./helpers/fakes").fakeCoreFlows())`.
 */
export const fakeCoreFlows = () => ({
  ...jest.requireActual("@medusajs/medusa/core-flows"),
  processPaymentWorkflow: () => ({
    run: async ({ input }: { input: unknown }) => void processPaymentRuns.push(input),
  }),
})

/** The order number of the specs' payment session, and the session's id. */
export const ORDER_NO = "payses01JABCDEFGHJKMNPQRSTVWXYZ0"
export const SESSION_ID = "payses_01JABCDEFGHJKMNPQRSTVWXYZ0"
