import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * The gateway's notify_urls: form-urlencoded, the raw body kept for the signature check. The
 * bodies are read and verified by the gateway client in the handlers, not by a zod middleware.
 */
export const hookAcquiringMiddlewares: MiddlewareRoute[] = [
  { matcher: "/hooks/acquiring/notify", methods: ["POST"], bodyParser: { preserveRawBody: true } },
  { matcher: "/hooks/acquiring/payout", methods: ["POST"], bodyParser: { preserveRawBody: true } },
]
