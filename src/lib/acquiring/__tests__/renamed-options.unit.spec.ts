import { logger } from "@medusajs/framework/logger"
import { parseAcquiringOptions } from "../options"

const good = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: "k1" }],
  test_base_url: "http://127.0.0.1:1",
  store_url: "https://store.example",
}

describe("public option values in Medusa's spelling", () => {
  let warn: jest.SpyInstance
  beforeEach(() => {
    warn = jest.spyOn(logger, "warn").mockImplementation(() => undefined as never)
  })
  afterEach(() => warn.mockRestore())

  it('capture_mode "on_fulfillment" parses as itself, without a warning', () => {
    expect(parseAcquiringOptions({ ...good, capture_mode: "on_fulfillment" }).provider.capture_mode).toBe(
      "on_fulfillment",
    )
    expect(warn).not.toHaveBeenCalled()
  })

  it('the old "on_fulfilment" parses to "on_fulfillment" with exactly one warning naming the new spelling', () => {
    for (let i = 0; i < 3; i++)
      expect(parseAcquiringOptions({ ...good, capture_mode: "on_fulfilment" }).provider.capture_mode).toBe(
        "on_fulfillment",
      )
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toContain('"on_fulfilment" is deprecated')
    expect(warn.mock.calls[0][0]).toContain('write "on_fulfillment"')
  })

  it("other values are neither renamed nor warned about", () => {
    expect(parseAcquiringOptions({ ...good, capture_mode: "automatic" }).provider.capture_mode).toBe("automatic")
    expect(() => parseAcquiringOptions({ ...good, capture_mode: "on_fulfilled" })).toThrow(
      "Invalid acquiring provider option capture_mode:",
    )
    expect(warn).not.toHaveBeenCalled()
  })
})
