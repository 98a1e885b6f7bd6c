import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { effectiveSettings } from "../../../../lib/acquiring/settings/effective"

const doctor = jest.fn()
jest.mock("../../../../lib/acquiring/settings/check", () => ({
  ...jest.requireActual("../../../../lib/acquiring/settings/check"),
  checkSettings: (...args: unknown[]) => doctor(...args),
}))

// After the mock: the check step imports it.
import { saveSettingsWorkflow, SETTINGS_UPDATED } from "../save-settings"

const raw = {
  store_url: "https://shop.example",
  test_base_url: "https://gw.example",
  merchant_id: "1000001",
  accounts: [{ account_id: "100", sign_key: "config-key-1234" }],
}
const actor = { id: "user_1", email: "admin@shop.test" }

function setup(emit: (message: unknown) => Promise<void> = async () => {}) {
  const written: unknown[] = []
  const dropped: unknown[] = []
  const emitted: unknown[] = []
  const owner = {
    effectiveSettings: async () => effectiveSettings("acquiring", raw, 0, null),
    settingsEntry: async () => ({ config_id: "acquiring", raw_options: raw }),
    saveSettings: async (save: unknown) => (written.push(save), 7),
    dropSettingsVersion: async (...args: unknown[]) => void dropped.push(args),
  }
  const eventBus = {
    emit: async (message: unknown) => {
      emitted.push(message)
      await emit(message)
    },
    releaseGroupedEvents: async () => {},
    clearGroupedEvents: async () => {},
  }
  const container = createMedusaContainer()
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn(), log: jest.fn() }
  container.register("acquiring", asValue(owner))
  container.register(Modules.EVENT_BUS, asValue(eventBus))
  container.register(ContainerRegistrationKeys.LOGGER, asValue(logger))
  return { container, written, dropped, emitted }
}

const input = (extra: Record<string, unknown> = {}) => ({
  provider_id: "acquiring",
  actor,
  values: { capture_mode: "automatic" },
  ...extra,
})
const passing = { ok: true, steps: [{ name: "signature", ok: true, message: "accepted" }] }
const failing = { ok: false, steps: [{ name: "signature", ok: false, message: "I0013" }] }

describe("save settings workflow", () => {
  beforeEach(() => doctor.mockReset())

  it("checks, writes the version with its audit, then emits acquiring.settings.updated", async () => {
    doctor.mockResolvedValue(passing)
    const { container, written, emitted } = setup()
    const { result } = await saveSettingsWorkflow(container).run({ input: input() })
    expect(result).toEqual({ status: 200, body: { version: 7, check: passing } })
    expect(written).toEqual([
      expect.objectContaining({
        config_id: "acquiring",
        sealed: { capture_mode: "automatic" },
        actor,
        changes: [{ key: "capture_mode", from: null, to: "automatic" }],
        check_overridden: false,
      }),
    ])
    expect(emitted.flat()).toEqual([
      expect.objectContaining({ name: SETTINGS_UPDATED, data: { provider_id: "acquiring", version: 7 } }),
    ])
  })

  it("a failing check refuses with 422 and writes and emits nothing; save_anyway saves it as overridden", async () => {
    doctor.mockResolvedValue(failing)
    const refused = setup()
    const { result } = await saveSettingsWorkflow(refused.container).run({ input: input() })
    expect(result).toMatchObject({ status: 422, body: { type: "check_failed", check: failing } })
    expect([refused.written, refused.emitted]).toEqual([[], []])

    const anyway = setup()
    await saveSettingsWorkflow(anyway.container).run({ input: input({ save_anyway: true }) })
    expect(anyway.written).toEqual([expect.objectContaining({ check_overridden: true })])
  })

  it("a field medusa-config.ts sets is refused before the doctor runs", async () => {
    const { container, written } = setup()
    await expect(
      saveSettingsWorkflow(container).run({ input: input({ values: { merchant_id: "1000002" } }) }),
    ).rejects.toMatchObject({ message: expect.stringContaining("medusa-config.ts") })
    expect([doctor.mock.calls.length, written.length]).toEqual([0, 0])
  })

  it("when the event cannot be emitted the written version is removed again (compensation)", async () => {
    doctor.mockResolvedValue(passing)
    const { container, written, dropped } = setup(async () => {
      throw new Error("event bus went away")
    })
    await expect(saveSettingsWorkflow(container).run({ input: input() })).rejects.toMatchObject({
      message: "event bus went away",
    })
    expect(written).toHaveLength(1)
    expect(dropped).toEqual([["acquiring", 7]])
  })
})
