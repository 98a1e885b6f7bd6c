/**
 * npx tsx bench/sandbox.ts [seconds=5] [concurrency=16]
 * Signed retrievalTrans queries per second against the sandbox on loopback, keep-alive.
 * The sandbox runs in its own process (the CLI), as it does for the demo, so client and
 * server do not share one event loop. Target: ≥ 3,000/s on 2 cores.
 */
import { spawn } from "node:child_process"
import { Agent, request } from "node:http"
import { encodeForm, encodeXml } from "../src/gateway/codecs"
import { OPERATION_TABLE } from "../src/gateway/operations-table"
import { sign } from "../src/gateway/signing"

const TARGET = 3_000
const seconds = Number(process.argv[2] ?? 5)
const concurrency = Number(process.argv[3] ?? 16)
const M = "1000001"
const A = "100000102"
const KEY = "sandbox-key-2"
const agent = new Agent({ keepAlive: true, maxSockets: concurrency })

function postForm(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url)
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        agent,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (c) => (text += c))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on("error", reject)
    req.end(body)
  })
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/sandbox/cli.ts", "--port", "0", "--quiet", "--json"], {
    stdio: ["ignore", "pipe", "inherit"],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (d) => resolve(JSON.parse(String(d)).url))
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
  return { url, stop: () => child.kill("SIGTERM") }
}

async function seedOrders(url: string, n: number): Promise<string[]> {
  const orders: string[] = []
  for (let i = 0; i < n; i++) {
    const p = {
      merchant_id: M,
      account_id: A,
      order_no: `BENCH${Date.now()}${i}`,
      currency: "USD",
      amount: "10.00",
      return_url: "https://shop.example/return",
    }
    const res = await postForm(
      `${url}/v1/checkout`,
      // checkout takes the documented XML only (the sandbox is strict by default)
      encodeXml({ ...p, encryption_data: sign(p, OPERATION_TABLE.checkout.sign, KEY) }, "request"),
    )
    if (res.status !== 200) throw new Error(`checkout failed: ${res.text}`)
    await postForm(`${url}/__sandbox/pay`, JSON.stringify({ order_no: p.order_no }))
    orders.push(p.order_no)
  }
  return orders
}

async function run(url: string, selection: string[]): Promise<number> {
  let done = 0
  const until = Date.now() + seconds * 1_000
  const worker = async () => {
    while (Date.now() < until) {
      // a fresh signature per query, as a client computes it
      const p = { merchant_id: M, account_id: A, orders: selection.join(",") }
      const res = await postForm(
        `${url}/v1/retrievalTrans`,
        encodeForm({ ...p, encryption_data: sign(p, OPERATION_TABLE.retrievalTrans.sign, KEY) }),
      )
      if (res.status !== 200 || !res.text.includes('"return_status":"1"'))
        throw new Error(`query failed: ${res.text.slice(0, 200)}`)
      done++
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return done / ((Date.now() - started) / 1_000)
}

async function main() {
  const server = await startServer()
  try {
    const orders = await seedOrders(server.url, 100)
    await run(server.url, orders.slice(0, 10)) // warm-up is the first second of this run
    for (const size of [1, 10, 100]) {
      const qps = await run(server.url, orders.slice(0, size))
      console.log(
        `retrievalTrans (${String(size).padStart(3)} orders/query, ${concurrency} concurrent, keep-alive): ${Math.round(qps)} queries/s  = ${(qps / TARGET).toFixed(2)} × target ${TARGET}/s`,
      )
    }
  } finally {
    server.stop()
    agent.destroy()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
