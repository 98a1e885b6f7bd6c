import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { ACQUIRING_MODULE } from "../../../../modules/acquiring"
import type AcquiringModuleService from "../../../../modules/acquiring/service"

/** Our module's service, the owner of the settings; a store without it cannot keep settings. */
export function settingsOwner(scope: MedusaContainer): AcquiringModuleService {
  const owner = scope.resolve<AcquiringModuleService>(ACQUIRING_MODULE, { allowUnregistered: true })
  if (!owner)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Settings are kept by the plugin's module: add { resolve: "medusa-plugin-acquiring/modules/acquiring" } to medusa-config.ts`,
    )
  return owner
}

export async function actorOf(scope: MedusaContainer, actorId: string): Promise<{ id: string; email: string | null }> {
  const users = scope.resolve<{ retrieveUser(id: string): Promise<{ email?: string | null }> }>(Modules.USER, {
    allowUnregistered: true,
  })
  const email = users
    ? await users.retrieveUser(actorId).then(
        (u) => u.email ?? null,
        () => null,
      )
    : null
  return { id: actorId, email }
}
