import { validateAndTransformBody, validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { described, flatQuery, validateParams } from "../../validation"
import { AdminAwaitingCaptureParams, AdminBulkOrders, AdminBulkRefund } from "./bulk/validators"
import { AdminUploadLogo } from "./payment-methods/logos/validators"
import { AdminCreatePayout, AdminListPayouts } from "./payouts/validators"
import { AdminReconcile } from "./reconcile/validators"
import { AdminReviewDecisions } from "./review/validators"
import { AdminRestoreSettings, AdminSaveSettings, AdminTestCredentials } from "./settings/validators"
import { adminCustomerMiddlewares } from "./customers/middlewares"
import { adminBooksMiddlewares } from "./notifications/middlewares"
import { adminOverviewMiddlewares } from "./overview/middlewares"
import { AdminKeptPaymentParams, AdminOrderParams, AdminPayoutParams } from "./validators"

const body = (schema: Parameters<typeof described>[0]) => validateAndTransformBody(described(schema))
// Our routes read only validatedQuery: no Medusa fields/pagination config to derive.
const query = (schema: Parameters<typeof described>[0]) => [flatQuery, validateAndTransformQuery(described(schema), {})]

/** Every /admin/acquiring route's input, checked before its handler. */
export const adminAcquiringMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/acquiring/bulk/awaiting-capture",
    methods: ["GET"],
    middlewares: query(AdminAwaitingCaptureParams),
  },
  { matcher: "/admin/acquiring/bulk/capture", methods: ["POST"], middlewares: [body(AdminBulkOrders)] },
  { matcher: "/admin/acquiring/bulk/cancel", methods: ["POST"], middlewares: [body(AdminBulkOrders)] },
  { matcher: "/admin/acquiring/bulk/refund", methods: ["POST"], middlewares: [body(AdminBulkRefund)] },
  { matcher: "/admin/acquiring/payments/:order_id", methods: ["GET"], middlewares: [validateParams(AdminOrderParams)] },
  {
    matcher: "/admin/acquiring/payments/:order_id/kept/:payment_id/capture",
    methods: ["POST"],
    middlewares: [validateParams(AdminKeptPaymentParams)],
  },
  {
    matcher: "/admin/acquiring/payment-methods/logos",
    methods: ["POST"],
    // A logo's bytes in base64: more than the JSON parser's default allows.
    bodyParser: { sizeLimit: "512kb" },
    middlewares: [body(AdminUploadLogo)],
  },
  { matcher: "/admin/acquiring/payouts", methods: ["GET"], middlewares: query(AdminListPayouts) },
  { matcher: "/admin/acquiring/payouts", methods: ["POST"], middlewares: [body(AdminCreatePayout)] },
  { matcher: "/admin/acquiring/payouts/:id", methods: ["GET"], middlewares: [validateParams(AdminPayoutParams)] },
  { matcher: "/admin/acquiring/reconcile", methods: ["POST"], middlewares: [body(AdminReconcile)] },
  { matcher: "/admin/acquiring/review", methods: ["POST"], middlewares: [body(AdminReviewDecisions)] },
  {
    matcher: "/admin/acquiring/settings/test-credentials",
    methods: ["POST"],
    middlewares: [body(AdminTestCredentials)],
  },
  // Any entry id but the static test-credentials route beside it (its own body above).
  {
    matcher: /^\/admin\/acquiring\/settings\/(?!test-credentials\/?$)[^/]+\/?$/,
    methods: ["POST"],
    middlewares: [body(AdminSaveSettings)],
  },
  {
    matcher: "/admin/acquiring/settings/:provider_id/restore",
    methods: ["POST"],
    middlewares: [body(AdminRestoreSettings)],
  },
  ...adminCustomerMiddlewares,
  ...adminBooksMiddlewares,
  ...adminOverviewMiddlewares,
]
