export * from "./process-notification"
export * from "./record-dispute"
export * from "./record-refunds"
export * from "./steps/update-payment-data"
