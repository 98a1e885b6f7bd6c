import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateParams } from "../../../validation"
import { AdminCustomerParams, AdminSavedCardParams } from "./validators"

export const adminCustomerMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/acquiring/customers/:customer_id/saved-cards",
    methods: ["GET"],
    middlewares: [validateParams(AdminCustomerParams)],
  },
  {
    matcher: "/admin/acquiring/customers/:customer_id/saved-cards/:id",
    methods: ["DELETE"],
    middlewares: [validateParams(AdminSavedCardParams)],
  },
]
