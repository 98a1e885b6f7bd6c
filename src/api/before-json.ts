import type { MedusaResponse } from "@medusajs/framework/http"

/** How our middlewares add to Medusa's routes' answers; the answer goes out whether `fn` succeeds or not. */
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
