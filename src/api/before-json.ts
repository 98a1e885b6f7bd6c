import type { MedusaResponse } from "@medusajs/framework/http"

/**
 * Run `fn` on a route's JSON answer before it is sent: Medusa's own routes end in `res.json`, so
 * this is how our middlewares add to them. The answer goes out whether `fn` succeeds or not.
 */
export function beforeJson<B>(res: MedusaResponse, fn: (body: B) => Promise<void>): void {
  const send = res.json.bind(res)
  res.json = ((body: B) => {
    fn(body).then(
      () => send(body),
      () => send(body),
    )
    return res
  }) as typeof res.json
}
