import type { MiddlewareRoute } from "@medusajs/framework/http"
import { AdminCreatePayout, AdminListPayouts } from "./validators"
import { validatePayoutInput } from "./validate"

/** Route configs of the payout routes; spread into src/api/middlewares.ts. */
export const payoutMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/acquiring/payouts",
    methods: ["GET"],
    middlewares: [validatePayoutInput(AdminListPayouts, "query")],
  },
  {
    matcher: "/admin/acquiring/payouts",
    methods: ["POST"],
    middlewares: [validatePayoutInput(AdminCreatePayout, "body")],
  },
  {
    // Notifications are form-urlencoded; the raw body is kept for signature checks.
    matcher: "/hooks/acquiring/payout",
    methods: ["POST"],
    bodyParser: { preserveRawBody: true },
  },
]
