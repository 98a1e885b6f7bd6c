/**
 * What the HTTP specs do around the notify hook and the event bus: deliver a body as the gateway
 * (or a forger) would, and collect the events a step emits.
 */
import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

type Api = { post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any; status: number }> }

/** POST a body to the notify hook, form-encoded; the answer whatever its status. */
export const deliverNotification = (api: Api, payload: Record<string, string>) =>
  api
    .post("/hooks/acquiring/notify", new URLSearchParams(payload).toString(), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    .catch((e: { response: { data: any; status: number } }) => e.response)

/** The events named while `run` runs, and a moment after (subscribers run after the answer). */
export async function eventsDuring(
  container: MedusaContainer,
  names: string[],
  run: () => Promise<void>,
  settleMs = 300,
): Promise<Array<{ name: string; data: Record<string, unknown> }>> {
  const bus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  const seen: Array<{ name: string; data: Record<string, unknown> }> = []
  const subscriberId = `spec-events-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const handlers = names.map((name) => {
    const handler = async (e: { data: Record<string, unknown> }) => {
      seen.push({ name, data: e.data })
    }
    bus.subscribe(name, handler as never, { subscriberId: `${subscriberId}-${name}` })
    return { name, handler }
  })
  try {
    await run()
    await new Promise((r) => setTimeout(r, settleMs))
  } finally {
    for (const h of handlers) bus.unsubscribe(h.name, h.handler as never, { subscriberId: `${subscriberId}-${h.name}` })
  }
  return seen
}
