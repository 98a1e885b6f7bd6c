import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import acquiringKeptAuthorisations from "../../src/migration-scripts/acquiring-kept-authorisations"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder } from "./helpers/acquiring-store"
import { editAddingTee, paidOrder } from "./helpers/order-payments"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/**
 * Kept authorisations are rows of the books: the order edit writes one, the order's cancel (or the
 * adoption) closes it, and an upgrade's migration script writes the rows of authorisations kept before.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const books = () => getContainer().resolve<AcquiringModuleService>(ACQUIRING_MODULE)
  const rowOf = async (paymentId: string) => (await books().listKeptAuthorisations({ payment_id: paymentId }))[0]
  const eventually = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
    let v = await read()
    for (const end = Date.now() + 15_000; !done(v) && Date.now() < end; v = await read())
      await new Promise((r) => setTimeout(r, 200))
    return v
  }

  it("an order edit writes the kept row; the order's cancel closes it as voided; the migration script rewrites a lost one", async () => {
    const sandbox = env.sandbox()
    const { order_id, order_no } = await paidOrder(api, seed, sandbox)
    const total = (await adminOrder(api, seed, order_id)).total
    await editAddingTee(api, seed, admin, order_id)
    const [kept] = (await adminOrder(api, seed, order_id)).payment_collections.flatMap(
      (c: { payments: Array<{ id: string }> }) => c.payments,
    )
    const row = await eventually(
      () => rowOf(kept.id),
      (r) => !!r,
    )
    expect(row).toEqual(
      expect.objectContaining({
        order_id,
        order_no,
        provider_id: "pp_acquiring_acquiring",
        currency_code: "EUR",
        released_at: null,
        outcome: null,
        gateway_order_id: expect.stringMatching(/^agord_/),
      }),
    )
    expect(Number(row.amount)).toBe(Number(total))
    expect(row.capture_by.getTime()).toBeGreaterThan(row.since.getTime())

    // An upgrade: the row is gone, the payment's mark stays; the script writes it again, once.
    await books().deleteKeptAuthorisations(row.id)
    await acquiringKeptAuthorisations({ container: getContainer() })
    await acquiringKeptAuthorisations({ container: getContainer() })
    const again = await books().listKeptAuthorisations({ payment_id: kept.id })
    expect(again.map((r) => [r.order_no, r.released_at])).toEqual([[order_no, null]])

    expect((await admin.post(`/admin/orders/${order_id}/cancel`)).status).toBe(200)
    const closed = await eventually(
      () => rowOf(kept.id),
      (r) => !!r?.released_at,
    )
    expect(closed).toEqual(expect.objectContaining({ outcome: "voided_order_canceled", released_at: expect.any(Date) }))
    expect(sandbox.inspect.order(order_no)!.payment_status).toBe("5000")
  })
})
