import { OPERATION_TABLE } from "../../gateway/operations-table"
import { ERROR_CODES as E } from "../../gateway/status-codes"
import { GATEWAY_PROFILES } from "../../gateway/profile"
import { verify } from "../../gateway/signing"
import { startSandbox, type Sandbox } from "../index"
import { call, checkoutPayload, M, signed } from "./helpers"

const ACCOUNT = "100000101"
const NEW = "rotated-key-new"
const OLD = "rotated-key-old"

let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({
    port: 0,
    seed: 7,
    notifications: { initial_delay_ms: 0 },
    merchants: [{ merchant_id: M, accounts: [{ account_id: ACCOUNT, sign_key: NEW, previous_sign_keys: [OLD] }] }],
  })
})
afterAll(() => sb.stop())

/** A merchant rotating its sign key: the gateway takes both keys; an order stays with the key that opened it. */
describe("an account with a previous sign key", () => {
  const open = async (key: string) => {
    const payload = checkoutPayload({ notify_url: "http://127.0.0.1:9/notify" }, ACCOUNT)
    const res = await call(sb, "checkout", signed("checkout", payload, key))
    expect(res.status).toBe(200)
    return sb.inspect.order({ order_no: String(payload.order_no) })!
  }

  it("accepts the new and the previous key, refuses any other with I0013", async () => {
    const byNew = await open(NEW)
    const byOld = await open(OLD)
    expect([byNew.key_index, byOld.key_index]).toEqual([0, 1])
    const payload = checkoutPayload({}, ACCOUNT)
    const refused = await call(sb, "checkout", signed("checkout", payload, "neither-key"))
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ code: E.SIGNATURE })
  })

  it("signs an order's notification and a call's answer with the key that opened or made it", async () => {
    const byOld = await open(OLD)
    sb.shopper.pay(byOld.transaction_id, { card: "4111111111111111" })
    const note = sb.notifications.list().find((n) => n.payload.order_no === byOld.order_no)!
    const fields = GATEWAY_PROFILES.documented.notification_signature_fields
    expect(verify(note.payload, fields, OLD, note.payload.encryption_data)).toBe(true)
    expect(verify(note.payload, fields, NEW, note.payload.encryption_data)).toBe(false)

    const entry = { transaction_id: byOld.transaction_id, order_no: byOld.order_no, currency: "USD", amount: "25.00" }
    const capture = signed("capture", { merchant_id: M, account_id: ACCOUNT, capture_orders: [entry] }, OLD)
    const res = await call(sb, "capture", capture)
    expect(res.status).toBe(200)
    expect(verify(res.body, OPERATION_TABLE.capture.sign, OLD, res.body.encryption_data)).toBe(true)
    expect(sb.inspect.order({ order_no: byOld.order_no })!.captured_amount).toBe("25.00")
  })
})
