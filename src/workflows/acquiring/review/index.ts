export { listHeldPayments } from "./list"
export {
  decideReviews,
  reviewDecisionsWorkflow,
  type ReviewDecisionInput,
  type ReviewOutcome,
  type ReviewDecisionsWorkflowInput,
} from "./decide"
export { reviewStep, heldPayment, type HeldPayment, type Decision } from "./map"
