export { createPayoutWorkflow, type CreatePayoutWorkflowInput } from "./create-payout"
export { applyPayoutUpdate } from "./apply-payout-update"
