import { validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { described, flatQuery, validateParams } from "../../validation"
import { acquiringBooksMiddleware } from "./books-middleware"
import { acquiringCollectionLockMiddleware } from "./collection-lock-middleware"
import { acquiringCompletionGuardMiddleware } from "./completion-guard-middleware"
import { acquiringHostedPageMiddleware } from "./hosted-page-middleware"
import { acquiringPaidCollectionMiddleware } from "./paid-collection-middleware"
import { acquiringSnapshotMiddleware } from "./snapshot-middleware"
import { acquiringStockLockMiddleware } from "./stock-lock-middleware"
import { storeSavedCardMiddlewares } from "./saved-cards/middlewares"
import { LogoParams } from "../../acquiring/payment-methods/logos/[name]/validators"
import { StorePaymentMethodsQuery } from "./payment-methods/validators"
import { StorePaymentCollectionParams, StorePaymentSessionParams } from "./validators"

export const storeAcquiringMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/store/payment-collections/:id/payment-sessions",
    methods: ["POST"],
    middlewares: [
      acquiringPaidCollectionMiddleware,
      acquiringCollectionLockMiddleware,
      acquiringSnapshotMiddleware,
      acquiringHostedPageMiddleware,
      acquiringBooksMiddleware,
    ],
  },
  {
    // Our carts sharing stock complete one at a time.
    matcher: "/store/carts/:id/complete",
    methods: ["POST"],
    middlewares: [acquiringCompletionGuardMiddleware, acquiringStockLockMiddleware],
  },
  {
    matcher: "/store/acquiring/payment-methods",
    methods: ["GET"],
    middlewares: [flatQuery, validateAndTransformQuery(described(StorePaymentMethodsQuery), {})],
  },
  {
    // Outside /store: an <img> loads it without a publishable key.
    matcher: "/acquiring/payment-methods/logos/:name",
    methods: ["GET"],
    middlewares: [validateParams(LogoParams)],
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
