import type { StoreConnection } from "medusa-plugin-acquiring-storefront"

// The Store API as the kit calls it; Medusa's JS SDK client (`sdk.client`) works as well.
export const store: StoreConnection = {
  baseUrl: process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY ?? "",
}
