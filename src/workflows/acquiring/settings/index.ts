export { saveSettingsWorkflow, SETTINGS_UPDATED, type SaveSettingsResult } from "./save-settings"
export type { SaveSettingsInput } from "./steps/check-settings"
