import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { arrivalClock } from "../../../lib/arrival-clock"
import { recordNotification } from "../../../lib/acquiring/books/notification-record"

const arrived = arrivalClock()

/** Without the message: a database error's message carries the statement, every field of the delivery with it. */
const failureOf = (e: unknown) => {
  const code = (e as { code?: unknown })?.code
  return typeof code === "string" && /^[\w-]{1,20}$/.test(code) ? `error code ${code}` : (e as Error)?.name || "error"
}

/** What a hook handler changed, for the record (res.locals is per response). */
export const setChanged = (res: MedusaResponse, changed: string | undefined) => {
  if (changed) res.locals.acquiringChanged = changed
}

/**
 * Both hooks: every delivery is written into the books once its answer is sent, whatever the
 * verdict (forged, unknown and failed ones included), for the admin's Notifications page.
 */
export function recordNotificationMiddleware(hook: "notify" | "payout") {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    // Rows are written after the answer, so two deliveries can finish their writes out of order;
    // the row keeps when the delivery arrived, which is the order an admin reads them in.
    const received_at = arrived()
    const send = res.send.bind(res)
    let reply = ""
    res.send = ((body?: unknown) => {
      reply = typeof body === "string" ? body : Buffer.isBuffer(body) ? body.toString() : JSON.stringify(body ?? "")
      return send(body as never)
    }) as typeof res.send
    res.on("finish", () => {
      const changed = res.locals.acquiringChanged as string | undefined
      recordNotification(req.scope, {
        hook,
        body: req.body,
        status: res.statusCode,
        reply,
        changed,
        received_at,
      }).catch((e) =>
        req.scope
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`acquiring: could not record a ${hook} notification in the books (${failureOf(e)})`),
      )
    })
    next()
  }
}
