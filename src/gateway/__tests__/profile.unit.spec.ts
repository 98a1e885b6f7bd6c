import { createGatewayClient } from "../client"
import { resetDeprecationWarnings } from "../deprecated-options"
import { GatewayOptionsError } from "../errors"
import { INTERNALS, internals } from "../internals"
import { OPERATIONS, OPERATION_TABLE } from "../operations-table"
import { parseClientOptions } from "../options"
import { GATEWAY_PROFILES } from "../profile"
import { resolveProfile } from "../profile-input"
import { PRESETS } from "../../sandbox/dialect"

const base = {
  merchant_id: "1234567",
  test_base_url: "https://gw.test/",
  accounts: [{ account_id: "123456701", sign_key: "k" }],
}

describe("gateway profile presets", () => {
  it("documented takes each operation's encoding and signature row from the operations table", () => {
    for (const op of OPERATIONS) {
      expect(GATEWAY_PROFILES.documented.encodings[op]).toBe(OPERATION_TABLE[op].encoding)
      expect(GATEWAY_PROFILES.documented.signature_fields[op]).toEqual([...OPERATION_TABLE[op].sign])
    }
  })

  it("legacy differs from documented only in the engine's push names and hex case, unknown orders and payout units", () => {
    const differing = Object.keys(GATEWAY_PROFILES.documented).filter(
      (k) =>
        JSON.stringify(GATEWAY_PROFILES.documented[k as never]) !== JSON.stringify(GATEWAY_PROFILES.legacy[k as never]),
    )
    expect(differing.sort()).toEqual(
      ["notification_naming", "notification_signature_case", "payout_amount_unit", "unknown_order"].sort(),
    )
  })

  it("the sandbox's dialects are the profiles of the same name (one definition)", () => {
    for (const name of ["documented", "legacy"] as const) {
      const p = GATEWAY_PROFILES[name]
      expect(PRESETS[name]).toEqual({
        notifications: { dialect: p.notification_naming, signature_case: p.notification_signature_case },
        readings: {
          unknown_order: p.unknown_order,
          partial_capture: p.partial_capture,
          payout_amounts: p.payout_amount_unit,
        },
      })
    }
  })
})

describe("gateway_profile as written", () => {
  it("a name is its preset; an object's fields go over the preset named in extends, objects one level deep", () => {
    expect(resolveProfile("legacy")).toEqual({ ok: true, profile: { extends: "legacy", ...GATEWAY_PROFILES.legacy } })
    const r = resolveProfile({ extends: "legacy", encodings: { authorise: "json" }, capture_window_days: 5 })
    if (!r.ok) throw new Error(r.message)
    expect(r.profile.encodings).toEqual({ ...GATEWAY_PROFILES.legacy.encodings, authorise: "json" })
    expect(r.profile.capture_window_days).toBe(5)
    expect(r.profile.notification_naming).toBe("legacy")
  })

  it.each([
    ["legacyy", "gateway_profile"],
    [{ encodings: {} }, "gateway_profile.extends"],
    [{ extends: "documented", encodings: { capture: "yaml" } }, "gateway_profile.encodings.capture"],
    [{ extends: "documented", payout_amount_unit: "cents" }, "gateway_profile.payout_amount_unit"],
    [{ extends: "documented", batch_limits: { capture: 60 } }, "gateway_profile.batch_limits.capture"],
  ])("%j is refused naming %s", (written, path) => {
    expect(resolveProfile(written)).toMatchObject({ ok: false, path })
  })

  it("an unknown field is refused by its name", () => {
    const r = resolveProfile({ extends: "documented", encoding: {} })
    expect(r).toMatchObject({ ok: false, path: "gateway_profile" })
    expect(!r.ok && r.message).toContain('"encoding"')
  })

  it("the client refuses a bad profile with GatewayOptionsError naming the field", () => {
    expect(() =>
      createGatewayClient({ ...base, gateway_profile: { extends: "documented", xml_request_root: "1x" } }),
    ).toThrow(
      new GatewayOptionsError("Invalid gateway option gateway_profile.xml_request_root: must be an XML element name"),
    )
  })
})

describe("old client keys (deprecated)", () => {
  let emit: jest.SpyInstance
  beforeEach(() => {
    resetDeprecationWarnings()
    emit = jest.spyOn(process, "emitWarning").mockImplementation(() => undefined)
  })
  afterEach(() => emit.mockRestore())

  it("a gateway fact under its old key resolves as the profile field, with one warning per key naming it", () => {
    const old = parseClientOptions({
      ...base,
      encodings: { authorise: "json" },
      selection_fields: { retrievalTrans: {} },
    })
    parseClientOptions({ ...base, encodings: { authorise: "xml" } })
    const now = parseClientOptions({
      ...base,
      gateway_profile: {
        extends: "documented",
        encodings: { authorise: "json" },
        selection_fields: { retrievalTrans: {} },
      },
    })
    expect(old).toEqual(now)
    const messages = emit.mock.calls.map((c) => String(c[0]))
    expect(messages).toHaveLength(2)
    expect(messages[0]).toContain("encodings is deprecated")
    expect(messages[0]).toContain("gateway_profile.encodings")
    expect(messages[1]).toContain("gateway_profile.selection_fields")
  })

  it("an old internal key still counts, with a warning naming the constant", () => {
    expect(parseClientOptions({ ...base, timeout_ms: 1_234 }).timeout_ms).toBe(1_234)
    expect(parseClientOptions(base).timeout_ms).toBe(INTERNALS.timeout_ms)
    expect(String(emit.mock.calls[0][0])).toContain("INTERNALS.timeout_ms")
  })

  it("an old key's bad value is refused by the key as written, saying where it lives now", () => {
    expect(() => parseClientOptions({ ...base, encodings: { capture: "yaml" } })).toThrow(
      /Invalid gateway option encodings\.capture: .*\(now gateway_profile\.encodings\)/,
    )
  })

  it("the profile's own field wins over the old key", () => {
    const o = parseClientOptions({
      ...base,
      xml_request_root: "old",
      gateway_profile: { extends: "documented", xml_request_root: "new" },
    })
    expect(o.xml_request_root).toBe("new")
  })
})

describe("internals", () => {
  it("are constants; ACQUIRING_TEST_INTERNALS overrides them only under NODE_ENV=test", () => {
    const json = JSON.stringify({ timeout_ms: 5 })
    expect(internals({}, { NODE_ENV: "test", ACQUIRING_TEST_INTERNALS: json }).timeout_ms).toBe(5)
    expect(internals({}, { NODE_ENV: "production", ACQUIRING_TEST_INTERNALS: json }).timeout_ms).toBe(
      INTERNALS.timeout_ms,
    )
    expect(() => internals({}, { NODE_ENV: "test", ACQUIRING_TEST_INTERNALS: '{"timeout":5}' })).toThrow(/timeout/)
  })

  it("a program embedding the client sets its transport internals, without a warning", () => {
    const emit = jest.spyOn(process, "emitWarning").mockImplementation(() => undefined)
    const o = parseClientOptions({ ...base, internals: { max_concurrent_requests: 1 } })
    expect(o.max_concurrent_requests).toBe(1)
    expect(emit).not.toHaveBeenCalled()
    emit.mockRestore()
  })
})
