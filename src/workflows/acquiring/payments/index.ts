export { recordCapture, recordCaptureWorkflow, sealedCapture, type RecordCaptureInput } from "./record-capture"
export { recordGatewayRefund, recordGatewayRefundWorkflow, type GatewayRefundInput } from "./record-refund"
export { recordCancel } from "./record-cancel"
