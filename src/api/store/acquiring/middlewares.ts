import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateParams } from "../../validation"
import { acquiringBooksMiddleware } from "./books-middleware"
import { acquiringCollectionLockMiddleware } from "./collection-lock-middleware"
import { acquiringCompletionGuardMiddleware } from "./completion-guard-middleware"
import { acquiringHostedPageMiddleware } from "./hosted-page-middleware"
import { acquiringPaidCollectionMiddleware } from "./paid-collection-middleware"
import { acquiringSnapshotMiddleware } from "./snapshot-middleware"
import { acquiringStockLockMiddleware } from "./stock-lock-middleware"
import { storeSavedCardMiddlewares } from "./saved-cards/middlewares"
import { StorePaymentCollectionParams, StorePaymentSessionParams } from "./validators"

/** Our store routes' ids, and our part of Medusa's own session route; spread into src/api/middlewares.ts. */
export const storeAcquiringMiddlewares: MiddlewareRoute[] = [
  {
    // Trusted cart snapshot for our payment providers (src/providers/acquiring); the hosted
    // page goes to the cache and the answer, not into Medusa's session data.
    matcher: "/store/payment-collections/:id/payment-sessions",
    methods: ["POST"],
    // No new session on a paid collection, for any provider (under the cart's lock); one request
    // per collection at a time (collection-lock-middleware.ts); then the snapshot of its cart.
    middlewares: [
      acquiringPaidCollectionMiddleware,
      acquiringCollectionLockMiddleware,
      acquiringSnapshotMiddleware,
      acquiringHostedPageMiddleware,
      acquiringBooksMiddleware,
    ],
  },
  {
    // A cart whose total changed after payment is refused with 409 and its payment given back;
    // then our carts sharing stock complete one at a time.
    matcher: "/store/carts/:id/complete",
    methods: ["POST"],
    middlewares: [acquiringCompletionGuardMiddleware, acquiringStockLockMiddleware],
  },
  {
    matcher: "/store/acquiring/payment-collections/:id",
    methods: ["GET"],
    middlewares: [validateParams(StorePaymentCollectionParams)],
  },
  {
    matcher: "/store/acquiring/payment-sessions/:id/hosted-page",
    methods: ["GET"],
    middlewares: [validateParams(StorePaymentSessionParams)],
  },
  ...storeSavedCardMiddlewares,
]
