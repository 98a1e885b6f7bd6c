import type { MiddlewareRoute } from "@medusajs/framework/http"
import { recordNotificationMiddleware } from "./record-middleware"

/** The raw body is kept for the signature check; the handlers verify bodies with the gateway client. */
export const hookAcquiringMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/hooks/acquiring/notify",
    methods: ["POST"],
    bodyParser: { preserveRawBody: true },
    middlewares: [recordNotificationMiddleware("notify")],
  },
  {
    matcher: "/hooks/acquiring/payout",
    methods: ["POST"],
    bodyParser: { preserveRawBody: true },
    middlewares: [recordNotificationMiddleware("payout")],
  },
]
