export { captureOnFulfilment } from "./capture-on-fulfilment"
export { reconcile, reconcileDiff, type ReconcileInput, type ReconcileReport, type ReconcileChange } from "./reconcile"
export { listHeldPayments, decideReviews, type ReviewDecisionInput, type ReviewOutcome, type HeldPayment } from "./review"
export { runBulk, type BulkItem, type BulkItemResult, type BulkReport, type BulkOptions } from "./bulk"
