import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import path from "node:path"
import type { TrackedDispute } from "../../../lib/acquiring/disputes"
import { ACQUIRING_MODULE } from ".."
import type AcquiringModuleService from "../service"
import type { OpenedOrder } from "../types"

jest.setTimeout(120_000)

const opened = (order_no: string, over: Partial<OpenedOrder> = {}): OpenedOrder => ({
  order_no,
  provider_id: "pp_acquiring_acquiring",
  account_id: "acc_eur",
  kind: "hosted",
  amount: "32.10",
  currency_code: "eur",
  session_id: `payses_${order_no}`,
  payment_collection_id: `pay_col_${order_no}`,
  cart_id: `cart_${order_no}`,
  ...over,
})

const dispute = (status: TrackedDispute["status"]): TrackedDispute => ({
  id: "dsp_1",
  status,
  gateway_status: status,
  reason: "fraudulent",
  amount: "32.10",
  deadline: "2026-12-10",
  opened_at: "2026-11-20T10:00:00.000Z",
  closed_at: null,
  history: [
    { status, gateway_status: status, at: "2026-11-20T10:00:00.000Z", received_at: "2026-11-20T10:00:01.000Z" },
  ],
})

const refused = (digest: string, at: Date) => ({
  hook: "notify",
  dialect: "current",
  order_no: "ORD-REFUSED",
  notify_type: "payment",
  reply_status: 401,
  reply_body: "bad signature",
  changed: null,
  fields: { order_no: "ORD-REFUSED" },
  digest,
  signature: null,
  received_at: at,
})

/** The books' service on its own migrated schema: its generated methods, its plain statements and the relations. */
moduleIntegrationTestRunner<AcquiringModuleService>({
  moduleName: ACQUIRING_MODULE,
  resolve: path.resolve(__dirname, ".."),
  // The migrations, not a schema from the models: their triggers and plain statements are under test too.
  pathToMigrations: path.resolve(__dirname, "../migrations"),
  testSuite: ({ service, MikroOrmWrapper }) => {
    const knex = () => MikroOrmWrapper.getManager().getKnex() as unknown as Knex

    describe("gateway orders", () => {
      it("records an order once: the unique order number wins over a second request, amounts keep every digit", async () => {
        expect(
          await service.recordOpened([opened("ORD-1"), opened("ORD-1"), opened("ORD-2", { amount: "0.10" })]),
        ).toBe(2)
        expect(await service.recordOpened([opened("ORD-1", { amount: "99.00" })])).toBe(0)
        const rows = await service.listGatewayOrders({ order_no: ["ORD-1", "ORD-2"] }, { order: { order_no: "ASC" } })
        expect(rows.map((r) => [r.order_no, r.state, String(r.amount), r.id.startsWith("agord_")])).toEqual([
          ["ORD-1", "open", "32.1", true],
          ["ORD-2", "open", "0.1", true],
        ])
        expect((rows[0] as unknown as { raw_amount: unknown }).raw_amount).toEqual({ value: "32.1", precision: 20 })
      })

      it("pages open orders by id after a cursor and marks only open ones attached", async () => {
        await service.recordOpened(["ORD-A", "ORD-B", "ORD-C"].map((n) => opened(n)))
        await service.recordOpened([opened("ORD-OTHER", { provider_id: "pp_other" })])
        const since = new Date(Date.now() - 60_000)
        const page = (after?: string) =>
          service.openGatewayOrdersPage({ provider_ids: ["pp_acquiring_acquiring"], since, after, take: 2 }, [
            "id",
            "order_no",
          ])
        const first = await page()
        expect(first).toHaveLength(2)
        const second = await page(first[1].id)
        expect([...first, ...second].map((r) => r.order_no).sort()).toEqual(["ORD-A", "ORD-B", "ORD-C"])

        expect(await service.markAttached([first[0].id, first[0].id, second[0].id])).toBe(2)
        expect(await service.markAttached([first[0].id])).toBe(0)
        expect((await page()).map((r) => r.order_no)).toEqual([first[1].order_no])
      })

      it("reads the settings version each order was opened under", async () => {
        await service.recordOpened([opened("ORD-V1", { settings_version: 3 }), opened("ORD-V0")])
        const versions = await service.settingsVersionsOf(["ORD-V1", "ORD-V0", "ORD-NONE"])
        expect([...versions]).toEqual(
          expect.arrayContaining([
            ["ORD-V1", 3],
            ["ORD-V0", 0],
          ]),
        )
        expect(versions.has("ORD-NONE")).toBe(false)
      })
    })

    describe("rows of a gateway order (DML relations)", () => {
      it("joins movements, disputes and notifications to their gateway order by order number, before or after it exists", async () => {
        // A notification of an order the books do not know yet, then the order, then the rest.
        await service.createNotifications([
          {
            hook: "notify",
            dialect: "current",
            order_no: "ORD-REL",
            verdict: "accepted",
            reply_status: 200,
            reply_body: "ok",
            fields: {},
          },
        ] as never)
        await service.recordOpened([opened("ORD-REL")])
        await service.recordMovements([
          {
            order_no: "ORD-REL",
            kind: "capture",
            source: "medusa",
            outcome: "done",
            amount: "32.10",
            currency_code: "EUR",
          },
          { order_no: "ORD-UNKNOWN", kind: "cancel", source: "kept", outcome: "done" },
        ])
        await service.saveDispute("pay_1", "ORD-REL", dispute("opened"))

        const [order] = await service.listGatewayOrders(
          { order_no: "ORD-REL" },
          { relations: ["movements", "disputes", "notifications"] },
        )
        expect(order.movements.map((m) => [m.kind, String(m.amount)])).toEqual([["capture", "32.1"]])
        expect(order.disputes.map((d) => [d.dispute_id, d.payment_id])).toEqual([["dsp_1", "pay_1"]])
        expect(order.notifications.map((n) => n.verdict)).toEqual(["accepted"])
        const [unknown] = await service.listMovements({ order_no: "ORD-UNKNOWN" })
        expect(unknown.gateway_order_id).toBeNull()
      })
    })

    describe("disputes", () => {
      it("saves, updates and restores a dispute, returning the state an undo needs", async () => {
        expect(await service.saveDispute("pay_2", "ORD-D", dispute("opened"))).toBeNull()
        const previous = await service.saveDispute("pay_2", "ORD-D", { ...dispute("lost"), closed_at: "2026-11-24" })
        expect(previous?.status).toBe("opened")
        expect((await service.disputesOfPayments(["pay_2"])).get("pay_2")?.map((d) => [d.status, d.amount])).toEqual([
          ["lost", "32.10"],
        ])
        await service.restoreDispute("pay_2", "dsp_1", previous)
        expect((await service.disputesOfPayments(["pay_2"])).get("pay_2")?.[0].status).toBe("opened")
        await service.restoreDispute("pay_2", "dsp_1", null)
        expect((await service.disputesOfPayments(["pay_2", "pay_none"])).size).toBe(0)
      })
    })

    describe("plain statements", () => {
      it("counts identical refused deliveries on one row and stops storing past the hourly cap", async () => {
        const at = new Date()
        expect(await service.recordRefusedNotification(refused("d1", at), 2)).toBe("stored")
        expect(await service.recordRefusedNotification(refused("d1", new Date(at.getTime() + 1000)), 2)).toBe("counted")
        expect(await service.recordRefusedNotification(refused("d2", at), 2)).toBe("stored")
        expect(await service.recordRefusedNotification(refused("d3", at), 2)).toBe("over_cap")
        const rows = await knex()("acquiring_notification").select("digest", "deliveries").orderBy("digest")
        expect(rows).toEqual([
          { digest: "d1", deliveries: 2 },
          { digest: "d2", deliveries: 1 },
        ])
      })

      it("binds a signature to its first digest", async () => {
        expect(await service.sealSignature("sig-hash", "digest-a")).toBe(true)
        expect(await service.sealSignature("sig-hash", "digest-a")).toBe(true)
        expect(await service.sealSignature("sig-hash", "digest-b")).toBe(false)
      })

      it("keeps a due capture once per order and clears it", async () => {
        await service.markCaptureDue(["order_1", "order_1", "order_2"])
        await service.markCaptureDue(["order_1"])
        expect((await service.listCaptureDues({})).map((d) => d.order_id).sort()).toEqual(["order_1", "order_2"])
        await service.clearCaptureDue(["order_1"])
        expect((await service.listCaptureDues({})).map((d) => d.order_id)).toEqual(["order_2"])
      })
    })
  },
})
