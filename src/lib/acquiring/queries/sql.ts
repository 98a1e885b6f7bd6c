import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** Medusa's PG_CONNECTION (knex); its type package is not a dependency of ours. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- knex's query builder, untyped here (see above)
export type Knex = any

/** Read-only SQL on Medusa's tables, where Query.graph's hydration is the cost (bench/p3-reconcile.ts). */
export const pgConnection = (container: MedusaContainer): Knex =>
  container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
