import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * A row of Medusa's query graph: Medusa types results only through an app's generated entity map,
 * so a plugin reads a loose record and checks the fields it uses.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the one untyped row of the plugin
export type GraphRow = Record<string, any>
export type GraphQuery = { graph: (q: Record<string, unknown>) => Promise<{ data: GraphRow[] }> }

export const graphOf = (container: MedusaContainer) =>
  container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
