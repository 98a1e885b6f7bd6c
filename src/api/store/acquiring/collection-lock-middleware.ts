import { holdRouteLock } from "../../route-lock"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"

/** One session request per payment collection at a time (`acquiring:collection:<id>`). */
export const collectionLockKey = LOCK_KEYS.collection

/**
 * POST /store/payment-collections/:id/payment-sessions, one at a time per collection. Medusa's
 * createPaymentSessionsWorkflow reads the collection's sessions, then deletes them while it creates
 * the new one, with no lock: two requests at once (a double click on Pay) each delete only what was
 * there before and both sessions stay. The cart then holds two live sessions; completion authorises
 * the first one listed, so a shopper who paid the other gets no order while the gateway holds the
 * money (the chaos shopper of #26 found it). In turn, the second request deletes the first's session
 * as it does for any replaced session, and a payment on that page is settled as an orphan.
 * The lease covers a session start (a few gateway calls of at most timeout_ms each).
 */
export const acquiringCollectionLockMiddleware = holdRouteLock({
  key: (req) => collectionLockKey(req.params.id),
  what: (req) => `payment collection ${req.params.id}`,
  busy: (req) => `A payment session for collection ${req.params.id} is being started; try again in a moment.`,
  waitSeconds: 30,
  leaseSeconds: 120,
})
