import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { mergeDispute, type DisputeNotice } from "../../src/lib/acquiring/disputes"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { moveToBooks } from "../../src/lib/acquiring/books/from-payment-data"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { placeOrder } from "./helpers/acquiring-orders"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder } from "./helpers/acquiring-store"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

const notice = (status: DisputeNotice["status"], at: string): DisputeNotice => ({
  id: "dsp_0_1_0",
  status,
  gateway_status: status ?? "",
  reason: "fraudulent",
  amount: "32.89",
  deadline: "2026-12-10",
  at,
  dated: true,
  problems: [],
})

/**
 * A store upgrading from 0.1.0 loses nothing (#26): 0.1.0 kept a payment's disputes in payment.data
 * and had no books. The payment here is a real checkout's; its data is then written the way 0.1.0
 * wrote it (the disputes array of the same mergeDispute) and the books' rows of it removed, so the
 * database is what 0.1.0 left. The migration script's function moves it, once.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  it("moves a 0.1.0 payment's gateway order and disputes into the books, empties payment.data.disputes, and runs idempotently", async () => {
    const o = await placeOrder(api, seed, env.sandbox())
    const container = getContainer()
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const books = container.resolve<AcquiringModuleService>(ACQUIRING_MODULE)
    const payment = (await adminOrder(api, seed, o.order_id)).payment_collections[0].payments[0]
    const [stored] = await payments.listPayments({ id: payment.id }, { select: ["id", "data"] })

    const opened = mergeDispute([], notice("opened", "2026-11-20T10:00:00.000Z"))
    const lost = mergeDispute(opened.disputes, notice("lost", "2026-11-24T10:00:00.000Z"))
    await payments.updatePayment({ id: payment.id, data: { ...stored.data, disputes: lost.disputes } } as never)
    const known = await books.listGatewayOrders({ order_no: o.order_no })
    await books.deleteGatewayOrders(known.map((k) => k.id))

    const first = await moveToBooks(container)
    expect(first).toEqual(expect.objectContaining({ payments: 1, disputes: 1 }))
    expect(first.gateway_orders).toBeGreaterThanOrEqual(1)

    const [order] = await books.listGatewayOrders({ order_no: o.order_no })
    expect(order).toEqual(expect.objectContaining({ state: "attached", session_id: o.payment_session_id }))
    const [after] = await payments.listPayments({ id: payment.id }, { select: ["id", "data"] })
    expect(after.data!.disputes).toBeNull()
    expect(after.data).toEqual(expect.objectContaining({ order_no: o.order_no }))

    // The widget shows the moved dispute as 0.1.0 showed it: lost, with both reports by the gateway's date.
    const widget = (await admin.get(`/admin/acquiring/payments/${o.order_id}`)).data
    expect(widget.payments[0].disputes).toEqual([
      expect.objectContaining({
        id: "dsp_0_1_0",
        status: "lost",
        amount: "32.89",
        history: [
          { status: "opened", gateway_status: "opened", at: "2026-11-20T10:00:00.000Z" },
          { status: "lost", gateway_status: "lost", at: "2026-11-24T10:00:00.000Z" },
        ],
      }),
    ])

    const second = await moveToBooks(container)
    expect(second).toEqual({ payments: 1, disputes: 0, gateway_orders: 0 })
    expect(await books.listDisputes({ payment_id: payment.id })).toHaveLength(1)
  })
})
