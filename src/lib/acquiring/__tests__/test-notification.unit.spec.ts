import { createGatewayClient } from "../../../gateway"
import { parseClientOptions } from "../../../gateway/options"
import { readTestAnswer } from "../notify-health/send-test"
import { isTestOrderNo, testNotification, testOrderNo } from "../notify-health/test-notification"

const input = {
  merchant_id: "1234567",
  test_base_url: "https://gw.test/",
  accounts: [
    { account_id: "123456701", sign_key: "first-key" },
    { account_id: "123456702", sign_key: "second-key", currencies: ["USD"] },
  ],
}

describe("the admin's test notification", () => {
  it("is signed so the gateway client verifies it with the named account's key, in a test currency", () => {
    const client = createGatewayClient(input)
    const sample = testNotification(parseClientOptions(input), "123456702")
    expect(isTestOrderNo(sample.order_no)).toBe(true)
    expect(sample).toMatchObject({ notify_type: "test", account_id: "123456702", currency: "XTS", amount: "0.00" })
    // notify_type is not signed: the order rule verifies it read as a payment notification.
    expect(() => client.parseNotification({ ...sample, notify_type: "payment" })).not.toThrow()
    const other = { ...sample, account_id: "123456701" }
    expect(() => client.parseNotification({ ...other, notify_type: "payment" })).toThrow(/encryption_data/)
  })

  it("names an order number no session can have", () => {
    const no = testOrderNo()
    expect(no).toMatch(/^payses00000000TEST[0-9A-Z]{14}$/)
    expect(isTestOrderNo("payses01M8FNS6J5AY2H4E8E63Q585A5")).toBe(false)
    expect(() => testNotification(parseClientOptions(input), "999")).toThrow(/not configured/)
  })

  it("tells an acceptance from our route's refusal and from something else answering", () => {
    const url = "https://shop.test/hooks/acquiring/notify"
    expect(readTestAnswer(url, { status: 200, headers: {}, body: "success" })).toMatchObject({ ok: true })
    expect(
      readTestAnswer(url, {
        status: 401,
        headers: { "content-type": "application/json" },
        body: '{"type":"unauthorized","message":"acquiring notification refused: encryption_data does not match"}',
      }),
    ).toMatchObject({
      ok: false,
      problem: "rejected",
      message: expect.stringMatching(/^refused \(401\): .*encryption_data/),
    })
    expect(readTestAnswer(url, { status: 200, headers: {}, body: "OK" })).toMatchObject({ ok: false, problem: "proxy" })
    expect(readTestAnswer(url, { status: 302, headers: { location: "https://x.test/" }, body: "" })).toMatchObject({
      ok: false,
      problem: "redirect",
    })
  })
})
