import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * A row of Medusa's query graph as we read it. Medusa types query results only through the
 * entity map it generates for an app; a plugin reads a few fields of many entities, so a row is
 * a loose record and each reader checks the fields it uses.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the one untyped row of the plugin
export type GraphRow = Record<string, any>
export type GraphQuery = { graph: (q: Record<string, unknown>) => Promise<{ data: GraphRow[] }> }

export const graphOf = (container: MedusaContainer) =>
  container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
