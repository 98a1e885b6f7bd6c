import { defineMiddlewares } from "@medusajs/framework/http"
import { payoutMiddlewares } from "./admin/acquiring/payouts/middlewares"
import { acquiringSnapshotMiddleware } from "./store/acquiring/snapshot-middleware"

export default defineMiddlewares({
  routes: [
    {
      // Trusted cart snapshot for our payment providers (src/providers/acquiring).
      matcher: "/store/payment-collections/:id/payment-sessions",
      methods: ["POST"],
      middlewares: [acquiringSnapshotMiddleware],
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
