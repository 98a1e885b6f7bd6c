/** Every lock key the plugin takes, in one place so two paths guarding the same thing share a key. */
export const LOCK_KEYS = {
  /** One payment's money: bulk runs, reconciliation, notifications, Medusa's capture and refund routes. */
  payment: (paymentId: string) => `acquiring:payment:${paymentId}`,
  /** Taken before several payment locks at once (see MULTI_PAYMENT_GATE). */
  multiPaymentGate: "acquiring:payments:multi",
  /** One payment session's outcome: its notifications and the review decisions on it. */
  session: (sessionId: string) => `acquiring:session:${sessionId}`,
  /** One item's stock while our cart completes (not the bare id: Medusa's reservation locks that itself). */
  stock: (inventoryItemId: string) => `acquiring:stock:${inventoryItemId}`,
  stockGate: "acquiring:stock:multi",
  gatewayOrder: (orderNo: string) => `acquiring:order:${orderNo}`,
  /** Medusa's own key for a cart: completeCartWorkflow and the cart workflows take the bare id. */
  cart: (cartId: string) => cartId,
  collection: (collectionId: string) => `acquiring:collection:${collectionId}`,
  /** One holder's saved cards (a PostgreSQL advisory lock: the provider has no locking module). */
  accountHolder: (holderId: string) => `acquiring:account-holder:${holderId}`,
  payout: (requestId: string) => `acquiring:payout:${requestId}`,
  notification: (id: string) => `acquiring:notification:${id}`,
  captureSweep: "acquiring:capture-on-fulfilment:sweep",
  reconcileDue: (configId: string) => `acquiring:reconcile:due:${configId}`,
  retentionDue: "acquiring:retention:due",
} as const
