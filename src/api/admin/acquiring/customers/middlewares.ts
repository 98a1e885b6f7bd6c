import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateParams } from "../../../validation"
import { AdminCustomerParams, AdminSavedCardParams } from "./validators"

/** A customer's saved cards in the admin (Medusa authenticates /admin/* itself). */
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
