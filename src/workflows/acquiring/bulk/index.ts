export { runBulk, refundMarker, type BulkItem, type BulkItemResult, type BulkReport, type BulkOptions } from "./run"
export { planCapture, planCancel, planRefund, type BulkOperation, type BulkStep } from "./plan"
export { verdicts } from "../../../lib/acquiring/batch"
export { captureFulfilledOrders } from "./capture-fulfilled"
