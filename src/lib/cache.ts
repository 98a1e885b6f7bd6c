import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** Medusa's cache module (in memory, or Redis when the app scales out); defineConfig always registers one. */
export const cacheOf = (scope: MedusaContainer) => scope.resolve<ICacheService>(Modules.CACHE)
