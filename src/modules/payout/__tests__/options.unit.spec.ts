import { parsePayoutModuleOptions } from "../options"

describe("payout module options (the plugin options)", () => {
  it("defaults payouts and ignores other parts' keys", () => {
    const o = parsePayoutModuleOptions({ other_feature: { x: 1 } })
    expect(o.payouts).toEqual({})
    expect(o.gateway).toBeUndefined()
    expect(parsePayoutModuleOptions(undefined).payouts.check_notification_fields).toBeUndefined()
  })

  it("names the option to fix", () => {
    expect(() => parsePayoutModuleOptions({ payouts: { notify_url: "ftp://x" } })).toThrow(
      /Invalid plugin option payouts\.notify_url: must be an http\(s\) URL/,
    )
    expect(() => parsePayoutModuleOptions({ payouts: { minor_unit_digits: { JPY: 7 } } })).toThrow(
      /payouts\.minor_unit_digits\.JPY/,
    )
    expect(() => parsePayoutModuleOptions({ gateway: "x" })).toThrow(/Invalid plugin option gateway/)
  })
})
