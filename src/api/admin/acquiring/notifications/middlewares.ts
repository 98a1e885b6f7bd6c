import { validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { described, flatQuery, validateParams } from "../../../validation"
import { AdminListUnmatched } from "../unmatched/validators"
import { AdminListNotifications, AdminNotificationParams } from "./validators"

// Our routes read only validatedQuery: no Medusa fields/pagination config to derive.
const query = (schema: Parameters<typeof described>[0]) => [flatQuery, validateAndTransformQuery(described(schema), {})]

export const adminBooksMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/acquiring/unmatched", methods: ["GET"], middlewares: query(AdminListUnmatched) },
  { matcher: "/admin/acquiring/notifications", methods: ["GET"], middlewares: query(AdminListNotifications) },
  {
    matcher: "/admin/acquiring/notifications/:id",
    methods: ["GET"],
    middlewares: [validateParams(AdminNotificationParams)],
  },
  {
    matcher: "/admin/acquiring/notifications/:id/process",
    methods: ["POST"],
    middlewares: [validateParams(AdminNotificationParams)],
  },
]
