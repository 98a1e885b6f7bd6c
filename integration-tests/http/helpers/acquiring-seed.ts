import type { MedusaContainer } from "@medusajs/framework/types"
import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"
import jwt from "jsonwebtoken"
import { seedCatalog } from "../../../scripts/demo/store-seed"

type Api = {
  get: (url: string, config?: unknown) => Promise<{ data: any; status: number }>
  post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any; status: number }>
}

export const PROVIDERS = {
  hosted: "pp_acquiring_acquiring",
  apm: "pp_acquiring-apm_acquiring",
  hostedOnFulfilment: "pp_acquiring_fulfil",
  hostedAutomatic: "pp_acquiring_auto",
} as const

export interface Seed {
  admin: { headers: Record<string, string> }
  store: { headers: Record<string, string> }
  region_id: string
  location_id: string
  shipping_option_id: string
  variants: { mug: string; tee: string }
  promo_code: string
}

const ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "Unter den Linden 1",
  address_2: "Floor 2",
  city: "Berlin",
  province: "BE",
  postal_code: "10117",
  country_code: "de",
  phone: "+49301234567",
}
export const SHIPPING_ADDRESS = ADDRESS
export const BILLING_ADDRESS = {
  ...ADDRESS,
  first_name: "Charles",
  last_name: "Babbage",
  address_1: "Friedrichstr. 5",
  address_2: "",
}

/** An admin user through the auth API, as the dashboard's invite flow would end. */
async function adminToken(api: Api, container: MedusaContainer): Promise<string> {
  const creds = { email: "admin@shop.test", password: "secret-password-1" }
  const { data } = await api.post("/auth/user/emailpass/register", creds)
  const { auth_identity_id } = jwt.decode(data.token) as { auth_identity_id: string }
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: auth_identity_id, userData: { email: creds.email } },
  })
  const login = await api.post("/auth/user/emailpass", creds)
  return login.data.token
}

/** Region with our providers, stock location, shipping, two products, a promotion and a publishable key. */
export async function seedStore(api: Api, container: MedusaContainer): Promise<Seed> {
  const admin = { headers: { authorization: `Bearer ${await adminToken(api, container)}` } }
  // The catalog is shared with the demo store (scripts/demo/store-seed.ts).
  const { publishable_key: _key, ...catalog } = await seedCatalog(api, admin, { providers: Object.values(PROVIDERS) })
  return { admin, ...catalog }
}
