import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { AcquiringApmService } from "./services/apm"
import { AcquiringHostedService } from "./services/hosted"

export { AcquiringApmService, AcquiringHostedService }

export default ModuleProvider(Modules.PAYMENT, {
  services: [AcquiringHostedService, AcquiringApmService],
})
