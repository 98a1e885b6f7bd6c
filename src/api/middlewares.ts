import { defineMiddlewares } from "@medusajs/framework/http"
import { adminAcquiringMiddlewares } from "./admin/acquiring/middlewares"
import { adminOrderMiddlewares } from "./admin/orders/middlewares"
import { adminPaymentMiddlewares } from "./admin/payments/middlewares"
import { hookAcquiringMiddlewares } from "./hooks/acquiring/middlewares"
import { storeAcquiringMiddlewares } from "./store/acquiring/middlewares"

/** As in Medusa itself, each area declares its routes' middlewares beside them. */
export default defineMiddlewares({
  routes: [
    ...adminAcquiringMiddlewares,
    ...adminPaymentMiddlewares,
    ...adminOrderMiddlewares,
    ...storeAcquiringMiddlewares,
    ...hookAcquiringMiddlewares,
  ],
})
