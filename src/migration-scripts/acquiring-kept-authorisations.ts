import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ordersWithKeptMarks } from "../lib/acquiring/queries/kept"
import { recordKeptAuthorisationsWorkflow } from "../workflows/acquiring/kept/record"

/** Run once by `medusa db:migrate`: kept authorisations made before the books had rows for them. */
export default async function acquiringKeptAuthorisations({ container }: { container: MedusaContainer }) {
  const orderIds = await ordersWithKeptMarks(container)
  const { result } = await recordKeptAuthorisationsWorkflow(container).run({ input: { order_ids: orderIds } })
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`acquiring: kept authorisations moved to the books: ${result.length} rows of ${orderIds.length} orders`)
}
