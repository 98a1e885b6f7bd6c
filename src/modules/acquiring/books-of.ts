import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { ACQUIRING_BOOKS_MODULE, type AcquiringBooksService } from "./index"

/** The books module, required: without it a gateway order whose session Medusa deletes could be lost. */
export function booksOf(scope: MedusaContainer): AcquiringBooksService {
  if (!scope.hasRegistration(ACQUIRING_BOOKS_MODULE))
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The acquiring books module is not registered: add { resolve: "medusa-plugin-acquiring/modules/acquiring" } to medusa-config's modules and run \`npx medusa db:migrate\` (README, "Install").`,
    )
  return scope.resolve(ACQUIRING_BOOKS_MODULE) as AcquiringBooksService
}
