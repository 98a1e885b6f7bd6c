import { DeviceData } from "./schemas"

export interface DeviceSource {
  navigator?: { userAgent?: string; language?: string }
  screen?: { width?: number; height?: number; colorDepth?: number }
  timeZone?: string
}

function browserSource(): DeviceSource {
  const g = globalThis as { navigator?: DeviceSource["navigator"]; screen?: DeviceSource["screen"] }
  let timeZone: string | undefined
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    timeZone = undefined
  }
  return { navigator: g.navigator, screen: g.screen, timeZone }
}

const deviceType = (ua: string | undefined): DeviceData["device_type"] =>
  !ua ? undefined : /iPad|Tablet/i.test(ua) ? "TABLET" : /Mobi|Android|iPhone/i.test(ua) ? "MOBILE" : "PC"

/** The shopper's device for the gateway's risk checks; a field that would fail the provider's schema is left out. */
export function collectDevice(source: DeviceSource = browserSource()): DeviceData {
  const ua = source.navigator?.userAgent
  const candidate: Record<string, unknown> = {
    user_agent: ua?.slice(0, 1000),
    browser_lang: source.navigator?.language,
    time_zone: source.timeZone,
    screen_width: source.screen?.width,
    screen_height: source.screen?.height,
    color_depth: source.screen?.colorDepth,
    device_type: deviceType(ua),
  }
  const shape = DeviceData.shape
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(candidate)) {
    if (value === undefined) continue
    const field = shape[key as keyof typeof shape].safeParse(value)
    if (field.success && field.data !== undefined) out[key] = field.data
  }
  return out as DeviceData
}
