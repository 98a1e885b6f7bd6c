/** Written by the demo server into /config.js once the store is seeded. */
export interface DemoConfig {
  backendUrl: string
  publishableKey: string
  regionId: string
  providers: { hosted: string; apm: string }
}

export function readConfig(): DemoConfig {
  const c = (window as unknown as { DEMO_CONFIG?: DemoConfig }).DEMO_CONFIG
  if (!c) throw new Error("The demo configuration did not load: is `npm run demo` running?")
  return c
}
