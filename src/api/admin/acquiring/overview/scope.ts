import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { acquiringProviderConfigs, type AcquiringProviderConfig } from "../../../../lib/acquiring/config"

/** The configured acquiring providers an overview shows: all, or the one a provider id names. */
export function overviewConfigs(scope: MedusaContainer, providerId?: string): AcquiringProviderConfig[] {
  const all = acquiringProviderConfigs(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule)
  if (!providerId) return all
  const one = all.filter((c) => c.provider_ids.includes(providerId))
  if (!one.length)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `no acquiring provider ${providerId} is configured`)
  return one
}

/** The database connection the books' tables live on (the overview's grouped queries run there). */
export const pgOf = (scope: MedusaContainer): Knex => scope.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
