import type { MiddlewareRoute } from "@medusajs/framework/http"
import { recordNotificationMiddleware } from "./record-middleware"

/**
 * The gateway's notify_urls: form-urlencoded, the raw body kept for the signature check. The
 * bodies are read and verified by the gateway client in the handlers, not by a zod middleware.
 */
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
