import { authenticate, type MiddlewareRoute } from "@medusajs/framework/http"
import { validateParams } from "../../../validation"
import { SavedCardParams } from "./validators"

/** The logged-in customer's saved cards: customer auth (session or bearer), as Medusa's /store/customers/me. */
export const storeSavedCardMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/store/acquiring/saved-cards",
    methods: ["GET"],
    middlewares: [authenticate("customer", ["session", "bearer"])],
  },
  {
    matcher: "/store/acquiring/saved-cards/:id",
    methods: ["DELETE"],
    middlewares: [authenticate("customer", ["session", "bearer"]), validateParams(SavedCardParams)],
  },
]
