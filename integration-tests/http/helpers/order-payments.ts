import type { Sandbox } from "../../../src/sandbox"
import { PROVIDERS, type Seed } from "./acquiring-seed"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./acquiring-store"
import { payOnHostedPage } from "./browser"

/* eslint-disable @typescript-eslint/no-explicit-any -- axios-style answers of Medusa's own routes */
type Api = {
  get: (url: string, config?: unknown) => Promise<{ data: any; status: number }>
  post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any; status: number }>
}
type Admin = { post: (url: string, body?: unknown) => Promise<any> }
/* eslint-enable @typescript-eslint/no-explicit-any */

export type Collection = { id: string; status: string; amount: number }

/** A hosted-page checkout paid in the browser's stead and completed: the order and its gateway order number. */
export async function paidOrder(api: Api, seed: Seed, sandbox: Sandbox) {
  const cart = await cartWithShipping(api, seed)
  const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
  await payOnHostedPage(session.data.form, { number: "4111111111111111" })
  const done = await completeCart(api, seed, cart.id)
  expect(done.type).toBe("order")
  await sandbox.notifications.settle(15_000)
  return { order_id: done.order.id as string, order_no: session.data.order_no as string }
}

/** Medusa's admin order edit: add one tee, request, confirm. Returns the order's collections after. */
export async function editAddingTee(api: Api, seed: Seed, admin: Admin, orderId: string): Promise<Collection[]> {
  expect((await admin.post("/admin/order-edits", { order_id: orderId })).status).toBe(200)
  const items = [{ variant_id: seed.variants.tee, quantity: 1 }]
  expect((await admin.post(`/admin/order-edits/${orderId}/items`, { items })).status).toBe(200)
  expect((await admin.post(`/admin/order-edits/${orderId}/request`)).status).toBe(200)
  const confirmed = await admin.post(`/admin/order-edits/${orderId}/confirm`)
  expect([confirmed.status, confirmed.data?.message]).toEqual([200, undefined])
  return (await adminOrder(api, seed, orderId)).payment_collections
}

/** What a payment-link page does: a session of `providerId` on an order's collection. */
export async function collectionSession(
  api: Api,
  seed: Seed,
  collectionId: string,
  providerId: string,
  data: Record<string, unknown>,
) {
  const res = await api.post(
    `/store/payment-collections/${collectionId}/payment-sessions`,
    { provider_id: providerId, data },
    seed.store,
  )
  return res.data.payment_collection.payment_sessions.find((s: { provider_id: string }) => s.provider_id === providerId)
}
