import { defineMiddlewares } from "@medusajs/framework/http"
import { payoutMiddlewares } from "./admin/acquiring/payouts/middlewares"
import { acquiringHostedPageMiddleware } from "./store/acquiring/hosted-page-middleware"
import { acquiringSnapshotMiddleware } from "./store/acquiring/snapshot-middleware"

export default defineMiddlewares({
  routes: [
    {
      // Trusted cart snapshot for our payment providers (src/providers/acquiring); the hosted
      // page goes to the cache and the answer, not into Medusa's session data.
      matcher: "/store/payment-collections/:id/payment-sessions",
      methods: ["POST"],
      middlewares: [acquiringSnapshotMiddleware, acquiringHostedPageMiddleware],
    },
    {
      // Gateway notifications: form-urlencoded, raw body kept for the signature.
      matcher: "/hooks/acquiring/notify",
      methods: ["POST"],
      bodyParser: { preserveRawBody: true },
    },
    ...payoutMiddlewares,
  ],
})
