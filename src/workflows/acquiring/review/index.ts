export { listHeldPayments } from "./list"
export { decideReviews, type ReviewDecisionInput, type ReviewOutcome } from "./decide"
export { reviewStep, heldPayment, type HeldPayment, type Decision } from "./map"
