export { createPayoutWorkflow, type CreatePayoutWorkflowInput } from "./create-payout"
