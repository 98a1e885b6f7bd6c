import { validateAndTransformBody, validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { described, flatQuery } from "../../../validation"
import { AdminCheckAddress } from "./notifications/check-address/validators"
import { AdminSendTestNotification } from "./notifications/test/validators"
import { AdminOverview, AdminOverviewPayments } from "./validators"

const query = (schema: Parameters<typeof described>[0]) => [flatQuery, validateAndTransformQuery(described(schema), {})]

export const adminOverviewMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/acquiring/overview", methods: ["GET"], middlewares: query(AdminOverview) },
  { matcher: "/admin/acquiring/overview/payments", methods: ["GET"], middlewares: query(AdminOverviewPayments) },
  {
    matcher: "/admin/acquiring/overview/notifications/check-address",
    methods: ["POST"],
    middlewares: [validateAndTransformBody(described(AdminCheckAddress))],
  },
  {
    matcher: "/admin/acquiring/overview/notifications/test",
    methods: ["POST"],
    middlewares: [validateAndTransformBody(described(AdminSendTestNotification))],
  },
]
