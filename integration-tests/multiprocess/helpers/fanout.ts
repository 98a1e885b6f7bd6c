import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface Fanout {
  url: string
  /** Where each request goes (all at once); set once the instances are up. */
  setTargets(urls: string[]): void
  /** Requests received, copies sent, and the instances' answers by status. */
  stats: { received: number; forwarded: number; statuses: Record<string, number> }
  stop(): Promise<void>
}

/**
 * The store's public address as the gateway sees it: every notification is forwarded to all
 * server instances at the same moment (a load balancer that misbehaves, or a gateway retry racing
 * the first delivery). The gateway gets the worst answer, so a refusal anywhere is retried.
 */
export async function startFanout(): Promise<Fanout> {
  let targets: string[] = []
  const stats = { received: 0, forwarded: 0, statuses: {} as Record<string, number> }
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks)
    stats.received++
    const answers = await Promise.all(
      targets.map(async (t) => {
        stats.forwarded++
        try {
          const r = await fetch(t + req.url, {
            method: req.method,
            headers: { "content-type": String(req.headers["content-type"] ?? "application/x-www-form-urlencoded") },
            body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
          })
          return { status: r.status, text: await r.text() }
        } catch {
          return { status: 502, text: "instance unreachable" }
        }
      }),
    )
    for (const a of answers) stats.statuses[a.status] = (stats.statuses[a.status] ?? 0) + 1
    const worst = answers.find((a) => a.status < 200 || a.status >= 300) ??
      answers[0] ?? { status: 503, text: "no instance" }
    res.writeHead(worst.status, { "content-type": "text/plain" }).end(worst.text)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    stats,
    setTargets: (urls) => void (targets = urls),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
