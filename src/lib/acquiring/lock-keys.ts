/** Every lock key the plugin takes, in one place so two paths guarding the same thing share a key. */
export const LOCK_KEYS = {
  /** One payment's money: bulk runs, reconciliation, notifications, Medusa's capture and refund routes. */
  payment: (paymentId: string) => `acquiring:payment:${paymentId}`,
  /** Taken before several payment locks at once (lib/acquiring/queries/locks.ts says why). */
  multiPaymentGate: "acquiring:payments:multi",
  /** One payment session's outcome: its notifications and the review decisions on it. */
  session: (sessionId: string) => `acquiring:session:${sessionId}`,
  /**
   * One inventory item's stock while one of our carts holding it completes (never the item id alone:
   * Medusa's reservation locks that key itself).
   */
  stock: (inventoryItemId: string) => `acquiring:stock:${inventoryItemId}`,
  /** Taken before several stock locks at once (the same reason as the multi-payment gate). */
  stockGate: "acquiring:stock:multi",
  /** One gateway order of the books: settling it as an orphan. */
  gatewayOrder: (orderNo: string) => `acquiring:order:${orderNo}`,
  /** Medusa's own key for a cart: completeCartWorkflow and the cart workflows take the bare id. */
  cart: (cartId: string) => cartId,
  /** One payment collection's session requests (a double click starts one session, not two at once). */
  collection: (collectionId: string) => `acquiring:collection:${collectionId}`,
  /** One account holder's saved cards (a PostgreSQL advisory lock: the provider has no locking module, advisory-lock.ts). */
  accountHolder: (holderId: string) => `acquiring:account-holder:${holderId}`,
  /** One payout, by its request id. */
  payout: (requestId: string) => `acquiring:payout:${requestId}`,
  /** One stored notification processed again from the admin. */
  notification: (id: string) => `acquiring:notification:${id}`,
  /** The capture-on-fulfillment sweep, one at a time cluster-wide. */
  captureSweep: "acquiring:capture-on-fulfilment:sweep",
  /** A provider config's scheduled reconciliation is due (held for the interval). */
  reconcileDue: (configId: string) => `acquiring:reconcile:due:${configId}`,
  /** The notification retention sweep is due (held for its interval). */
  retentionDue: "acquiring:retention:due",
} as const
