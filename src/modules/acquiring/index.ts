import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Module } from "@medusajs/framework/utils"
import AcquiringModuleService from "./service"

/** Registered in the Medusa config's `modules` beside the payment module. */
export const ACQUIRING_MODULE = "acquiring"

export default Module(ACQUIRING_MODULE, { service: AcquiringModuleService })

/** The acquiring module (the books), required: without it a gateway order whose session Medusa deletes could be lost. */
export function acquiringOf(scope: MedusaContainer): AcquiringModuleService {
  if (!scope.hasRegistration(ACQUIRING_MODULE))
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The acquiring books module is not registered: add { resolve: "medusa-plugin-acquiring/modules/acquiring" } to medusa-config's modules and run \`npx medusa db:migrate\` (README, "Install").`,
    )
  return scope.resolve(ACQUIRING_MODULE) as AcquiringModuleService
}

export { GATEWAY_ORDER_STATES } from "./models/columns"
export type { default as AcquiringModuleService, GatewayOrderDTO, MovementDTO, NotificationDTO } from "./service"
