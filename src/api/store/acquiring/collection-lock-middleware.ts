import { holdRouteLock } from "../../route-lock"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"

export const collectionLockKey = LOCK_KEYS.collection

/**
 * Medusa deletes the old sessions without a lock: a double click on Pay would leave two live sessions,
 * and completion might authorise the one the shopper did not pay (#26).
 */
export const acquiringCollectionLockMiddleware = holdRouteLock({
  key: (req) => collectionLockKey(req.params.id),
  what: (req) => `payment collection ${req.params.id}`,
  busy: (req) => `A payment session for collection ${req.params.id} is being started; try again in a moment.`,
  waitSeconds: 30,
  leaseSeconds: 120,
})
