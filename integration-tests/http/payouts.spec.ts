import net from "node:net"
import path from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules, generateJwtToken } from "@medusajs/framework/utils"
import { encodeForm } from "../../src/gateway/codecs"
import { sign } from "../../src/gateway/signing"
import { PAYOUT_NOTIFICATION_SIGN_FIELDS } from "../../src/gateway/schemas/notification"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { dialectGatewayProfile, dialectSandboxOptions } from "./helpers/dialect"

jest.setTimeout(300_000)

/**
 * Payouts end to end: real Medusa on PostgreSQL, the sandbox gateway over real HTTP
 * (notifications come back to Medusa's own port). Config: integration-tests/payouts.
 */
const IBAN = "DE89370400440532013000"
const ACCOUNT_NUMBER = "0532013000"
const SIGN_KEY = "sandbox-key-1"
const JWT_SECRET = "payout-test-jwt"

let sandbox: Sandbox
const ENV_KEYS = [
  "PORT",
  "JWT_SECRET",
  "ACQUIRING_TEST_SANDBOX_URL",
  "ACQUIRING_TEST_PAYOUT_NOTIFY_URL",
  "ACQUIRING_TEST_GATEWAY_PROFILE",
  "ACQUIRING_TEST_INTERNALS",
] as const
const savedEnv: Record<string, string | undefined> = {}
const output: string[] = []
const restoreWrites: Array<() => void> = []

/** Every line written to stdout/stderr while the suite runs: bank details must never be there. */
function captureOutput() {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream)
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      output.push(String(chunk))
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
    restoreWrites.push(() => (stream.write = original))
  }
  // With several test files jest buffers console output instead of writing it: capture that too.
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level]
    console[level] = (...args: unknown[]) => {
      output.push(args.map(String).join(" ") + "\n")
      original.apply(console, args)
    }
    restoreWrites.push(() => (console[level] = original))
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once("error", reject)
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

// Registered before the runner's hooks, so the sandbox is up before Medusa boots.
beforeAll(async () => {
  captureOutput()
  sandbox = await startSandbox({
    seed: 7,
    ...dialectSandboxOptions(),
    payout: { processing_ms: 400 },
    notifications: { initial_delay_ms: 50, backoff_base_ms: 200, backoff_max_ms: 1_000 },
  })
  const port = await freePort()
  for (const k of ENV_KEYS) savedEnv[k] = process.env[k]
  process.env.PORT = String(port)
  process.env.JWT_SECRET = JWT_SECRET
  process.env.ACQUIRING_TEST_SANDBOX_URL = sandbox.url
  process.env.ACQUIRING_TEST_PAYOUT_NOTIFY_URL = `http://127.0.0.1:${port}/hooks/acquiring/payout`
  // The gateway profile of this run's dialect (its payout amounts' unit), set as a merchant would.
  process.env.ACQUIRING_TEST_GATEWAY_PROFILE = JSON.stringify(dialectGatewayProfile(sandbox))
})

afterAll(async () => {
  await sandbox?.stop()
  restoreWrites.forEach((r) => r())
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k]
    else process.env[k] = savedEnv[k]
  }
})

const body = (over: Record<string, unknown> = {}) => ({
  payment_amount: "100.00",
  payment_currency: "EUR",
  payment_method: "SWIFT",
  reference: "INV-100",
  beneficiary: {
    first_name: "Ada",
    last_name: "Lovelace",
    entity_type: "INDIVIDUAL",
    address: { country_code: "DE", city: "Berlin" },
    bank_details: {
      iban: IBAN,
      account_number: ACCOUNT_NUMBER,
      swift_code: "COBADEFFXXX",
      bank_name: "Commerzbank",
      account_currency: "EUR",
    },
  },
  ...over,
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The sandbox's fee on 100.00 EUR (100 fixed + 50 bp of 10 000 minor units = 150) as the payout answer
 * carries it in this run's dialect: minor units to the cent, or whole units (the gateway rounds the fee
 * half up and derives the rest). The plugin reads either exactly (payouts.amount_unit).
 */
const fees = () =>
  sandbox.dialect.readings.payout_amounts === "minor"
    ? { fee_amount: "1.50", amount_beneficiary_receives: "98.50" }
    : { fee_amount: "2.00", amount_beneficiary_receives: "98.00" }

medusaIntegrationTestRunner({
  medusaConfigFile: path.join(__dirname, "../payouts"),
  env: { JWT_SECRET },
  testSuite: ({ api, getContainer }) => {
    let headers: Record<string, string>
    const responses: string[] = []
    const record = <T extends { data: unknown }>(res: T) => {
      responses.push(JSON.stringify(res.data))
      return res
    }
    const post = async (b: unknown) => record(await api.post("/admin/acquiring/payouts", b, { headers }))
    const get = async (url: string) => record(await api.get(url, { headers }))
    const fail = async (p: Promise<unknown>) => {
      try {
        await p
      } catch (e) {
        const res = (e as { response: { status: number; data: unknown } }).response
        responses.push(JSON.stringify(res.data))
        return res
      }
      throw new Error("expected the request to fail")
    }
    async function until(id: string, ok: (p: any) => boolean, ms = 15_000) {
      const end = Date.now() + ms
      for (;;) {
        const { data } = await get(`/admin/acquiring/payouts/${id}`)
        if (ok(data.payout) || Date.now() > end) return data.payout
        await sleep(100)
      }
    }
    // Medusa's logger binds console methods at start-up, so wrap the logger itself as well.
    beforeAll(() => {
      const logger = getContainer().resolve("logger") as unknown as Record<string, (...a: unknown[]) => unknown>
      for (const level of ["info", "warn", "error", "debug", "log"]) {
        const original = logger[level]
        if (typeof original !== "function") continue
        logger[level] = (...args: unknown[]) => {
          output.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ") + "\n")
          return original.apply(logger, args)
        }
        restoreWrites.push(() => (logger[level] = original))
      }
    })
    async function sandboxQuiet() {
      const end = Date.now() + 10_000
      while (sandbox.inspect.payouts().some((p) => p.status === "PENDING") && Date.now() < end) await sleep(20)
      expect(await sandbox.notifications.settle(10_000)).toBe(true)
    }
    const sandboxPayouts = (request_id: string) => sandbox.inspect.payouts().filter((p) => p.request_id === request_id)

    beforeEach(async () => {
      // An earlier test's payout may still be processing: its notification must not take a
      // fault meant for this test's payout.
      await sandboxQuiet()
      const user = await getContainer()
        .resolve(Modules.USER)
        .createUsers({ email: `admin-${Date.now()}@test.local` })
      const token = generateJwtToken(
        { actor_id: user.id, actor_type: "user", auth_identity_id: "authid_test", app_metadata: { user_id: user.id } },
        { secret: JWT_SECRET, expiresIn: "1h" },
      )
      headers = { authorization: `Bearer ${token}` }
    })

    it("creates a payout, answers PENDING, and completes it from the gateway's notification", async () => {
      const res = await post(body())
      expect(res.status).toBe(200)
      const p = res.data.payout
      expect(p).toMatchObject({
        status: "pending",
        payment_amount: "100.00",
        payment_currency: "EUR",
        fee_amount: fees().fee_amount,
        fee_currency: "EUR",
        amount_beneficiary_receives: fees().amount_beneficiary_receives,
        amount_payer_pays: "100.00",
        account_id: "100000101",
        beneficiary: { name: "Ada Lovelace", country: "DE", account: "••••3000", bank_name: "Commerzbank" },
      })
      expect(p.id).toMatch(/^pout_/)
      expect(p.transaction_id).toMatch(/^P/)
      expect(p.created_at_gateway).toBeTruthy()

      const done = await until(p.id, (x) => x.status !== "pending")
      expect(done.status).toBe("completed")
      expect(done.gateway_status).toBe("COMPLETED")
      expect(done.fee_amount).toBe(fees().fee_amount)
      // The payout completes while our route is still answering; the sandbox marks "delivered" on the answer.
      await sandbox.notifications.settle()
      const note = sandbox.inspect.notifications().find((n) => n.payload.request_id === p.request_id)
      expect(note?.state).toBe("delivered")
      expect(note?.attempts.at(-1)?.status).toBe(200)
    })

    it("records a failed payout with its failure reason (refused at once, and failed later)", async () => {
      const refused = await post(body({ payment_amount: "0.50" })) // does not cover the sandbox fee
      expect(refused.data.payout).toMatchObject({ status: "failed", failure_type: "I0002" })
      expect(refused.data.payout.failure_reason).toMatch(/payment_amount does not cover the fee/)

      const later = await post(body({ beneficiary: { ...body().beneficiary, last_name: "FAIL" } }))
      expect(later.data.payout.status).toBe("pending")
      const failed = await until(later.data.payout.id, (x) => x.status !== "pending")
      expect(failed).toMatchObject({ status: "failed", failure_reason: "The beneficiary bank rejected the payment" })
      expect(failed.failure_type).toBeTruthy()
    })

    it("never pays twice for one request_id: sequential and concurrent retries", async () => {
      const request_id = "5f0c3b9e-1d2a-4c3b-8e7f-6a5b4c3d2e1f"
      const first = await post(body({ request_id }))
      const again = await post(body({ request_id }))
      expect(again.data.payout.id).toBe(first.data.payout.id)
      await until(first.data.payout.id, (x) => x.status === "completed")
      const afterDone = await post(body({ request_id }))
      expect(afterDone.data.payout).toMatchObject({ id: first.data.payout.id, status: "completed" })
      expect(sandboxPayouts(request_id)).toHaveLength(1)

      const concurrent_id = "0d8e7f6a-5b4c-4d3e-9f2a-1b0c9d8e7f6a"
      const results = await Promise.all([1, 2, 3].map(() => post(body({ request_id: concurrent_id }))))
      expect(new Set(results.map((r) => r.data.payout.id)).size).toBe(1)
      expect(sandboxPayouts(concurrent_id)).toHaveLength(1)
      const listed = await get(`/admin/acquiring/payouts?limit=100`)
      expect(listed.data.payouts.filter((x: any) => x.request_id === concurrent_id)).toHaveLength(1)

      // Same request_id for a different payout: refused, never a second payout.
      const conflict = await fail(post(body({ request_id, payment_amount: "250.00" })))
      expect(conflict.status).toBe(422)
      expect((conflict.data as any).message).toMatch(/request_id .* already belongs to payout/)
      expect(sandboxPayouts(request_id)).toHaveLength(1)
    })

    it("keeps a payout whose answer was lost open, and a retry settles it without paying twice", async () => {
      const request_id = "7c6b5a49-3827-4165-a4b3-c2d1e0f9a8b7"
      // The gateway makes the payout, then the answer is lost (503), and its notification too.
      sandbox.faults.add({ target: "payout", kind: "error", status: 503, after_effect: true, count: 1 })
      sandbox.faults.add({ target: "notifications", kind: "drop", count: 1 })
      const lost = await post(body({ request_id }))
      expect(lost.data.payout).toMatchObject({ status: "processing", failure_type: "outcome_unknown" })
      expect(lost.data.payout.failure_reason).toMatch(/retry with the same request_id/)
      expect(sandboxPayouts(request_id)).toHaveLength(1)

      await sleep(600) // past the sandbox's processing time: the gateway's payout is COMPLETED
      const retried = await post(body({ request_id }))
      expect(retried.data.payout).toMatchObject({
        id: lost.data.payout.id,
        status: "completed",
        failure_type: null,
        failure_reason: null,
        fee_amount: fees().fee_amount,
      })
      expect(retried.data.payout.transaction_id).toBe(sandboxPayouts(request_id)[0].transaction_id)
      expect(sandboxPayouts(request_id)).toHaveLength(1)
    })

    it("fills in a payout its notification completed after the answer was lost, on retry", async () => {
      const request_id = "2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901"
      sandbox.faults.add({ target: "payout", kind: "error", status: 503, after_effect: true, count: 1 })
      const lost = await post(body({ request_id }))
      expect(lost.data.payout).toMatchObject({ status: "processing", failure_type: "outcome_unknown" })
      // The notification settles it, but carries no fees and no gateway timestamps.
      const notified = await until(lost.data.payout.id, (x) => x.status === "completed")
      expect(notified).toMatchObject({ status: "completed", fee_amount: null, failure_type: null })

      const retried = await post(body({ request_id }))
      expect(retried.data.payout).toMatchObject({
        id: lost.data.payout.id,
        status: "completed",
        fee_amount: fees().fee_amount,
      })
      expect(retried.data.payout.created_at_gateway).toBeTruthy()
      expect(sandboxPayouts(request_id)).toHaveLength(1)
    })

    it("refuses invalid input naming the field, without echoing bank details", async () => {
      const sentBefore = sandbox.inspect.payouts().length
      const bad = await fail(post(body({ payment_amount: "100.5" })))
      expect(bad.status).toBe(400)
      expect((bad.data as any).message).toContain("payment_amount: must be a decimal string with two decimals")

      const nested = await fail(
        post(
          body({ beneficiary: { ...body().beneficiary, bank_details: { iban: IBAN, bank_country_code: "Germany" } } }),
        ),
      )
      expect((nested.data as any).message).toContain("beneficiary.bank_details.bank_country_code")
      expect(JSON.stringify(nested.data)).not.toContain(IBAN)

      const typo = await fail(post(body({ beneficiary: { ...body().beneficiary, bank_details: { ibn: IBAN } } })))
      expect((typo.data as any).message).toContain("unknown field beneficiary.bank_details.ibn")
      expect(JSON.stringify(typo.data)).not.toContain(IBAN)

      const missing = await fail(post({ payment_currency: "EUR", beneficiary: {} }))
      expect((missing.data as any).message).toContain("payment_amount: is required")

      const query = await fail(get("/admin/acquiring/payouts?status=done"))
      expect(query.status).toBe(400)
      expect((query.data as any).message).toMatch(/status\[0\]/)
      expect(sandbox.inspect.payouts()).toHaveLength(sentBefore) // nothing reached the gateway
    })

    it("lists with filters and pagination, and retrieves one", async () => {
      const a = await post(body({ payment_amount: "10.00", reference: "A" }))
      const b = await post(body({ payment_amount: "20.00", payment_currency: "USD", reference: "B" }))
      const c = await post(body({ payment_amount: "0.10", reference: "C" })) // refused: fee
      await until(b.data.payout.id, (x) => x.status === "completed")
      await until(a.data.payout.id, (x) => x.status === "completed")

      const all = await get("/admin/acquiring/payouts")
      expect(all.data).toMatchObject({ count: 3, limit: 20, offset: 0 })
      expect(all.data.payouts.map((p: any) => p.reference)).toEqual(["C", "B", "A"]) // newest first

      const usd = await get("/admin/acquiring/payouts?currency=usd")
      expect(usd.data.payouts.map((p: any) => p.id)).toEqual([b.data.payout.id])

      const failed = await get("/admin/acquiring/payouts?status=failed")
      expect(failed.data.payouts.map((p: any) => p.id)).toEqual([c.data.payout.id])
      const two = await get("/admin/acquiring/payouts?status=completed,failed&limit=1&offset=1")
      expect(two.data).toMatchObject({ count: 3, limit: 1, offset: 1 })
      expect(two.data.payouts.map((p: any) => p.id)).toEqual([b.data.payout.id])

      const future = new Date(Date.now() + 3_600_000).toISOString()
      expect((await get(`/admin/acquiring/payouts?created_after=${future}`)).data.count).toBe(0)
      expect((await get(`/admin/acquiring/payouts?created_before=${future}`)).data.count).toBe(3)

      const one = await get(`/admin/acquiring/payouts/${a.data.payout.id}`)
      expect(one.data.payout).toMatchObject({ id: a.data.payout.id, payment_amount: "10.00", status: "completed" })
      const missing = await fail(get("/admin/acquiring/payouts/pout_missing"))
      expect(missing.status).toBe(404)
    })

    it("applies notifications idempotently and out of order, and refuses forged ones", async () => {
      const res = await post(body())
      const p = await until(res.data.payout.id, (x) => x.status === "completed")
      const note = (over: Record<string, string>) => {
        const fields: Record<string, string> = {
          notify_type: "payout",
          merchant_id: "1000001",
          account_id: "100000101",
          transaction_id: p.transaction_id,
          currency: "EUR",
          amount: "100.00",
          order_status: "1",
          order_info: "0000:Completed",
          request_id: p.request_id,
          status: "COMPLETED",
          ...over,
        }
        // Signed as the gateway signs a payout notification (the payout row: request_id, not order_no).
        return encodeForm({ ...fields, encryption_data: sign(fields, PAYOUT_NOTIFICATION_SIGN_FIELDS, SIGN_KEY) })
      }
      const hook = (form: string) =>
        api.post("/hooks/acquiring/payout", form, {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          validateStatus: () => true,
        })

      // A late PENDING (genuinely signed) must not move a completed payout back.
      const late = await hook(note({ status: "PENDING", order_status: "-1", order_info: "0000:Pending" }))
      expect(late.status).toBe(200)
      expect(late.data).toBe("success")
      const dup = await hook(note({}))
      expect(dup.data).toBe("success")
      expect((await get(`/admin/acquiring/payouts/${p.id}`)).data.payout.status).toBe("completed")

      // Tampered: status changed after signing.
      const tampered = note({}).replace("status=COMPLETED", "status=FAILED")
      expect((await hook(tampered)).status).toBe(409)
      // Wrong key.
      const forged = note({}).replace(/encryption_data=[0-9a-f]+/, `encryption_data=${"0".repeat(64)}`)
      expect((await hook(forged)).status).toBe(401)
      // Signed, but about another payout's transaction.
      expect((await hook(note({ transaction_id: "P999999" }))).status).toBe(409)
      expect((await get(`/admin/acquiring/payouts/${p.id}`)).data.payout).toMatchObject({
        status: "completed",
        failure_reason: null,
      })
    })

    it("pollution and log injection through the payout hook: refused (400), admin still 401, one clean log line", async () => {
      const hook = (body: string, type: string) =>
        api.post("/hooks/acquiring/payout", body, { headers: { "content-type": type }, validateStatus: () => true })
      const polluting =
        "merchant_id=1000001&__proto__[auth_context][actor_type]=user&__proto__[polluted]=1&a[constructor][prototype][polluted]=1"
      for (const [type, body] of [
        ["application/x-www-form-urlencoded", polluting],
        ["text/plain", polluting],
        [
          "application/json",
          '{"merchant_id":"1000001","__proto__":{"polluted":"1","auth_context":{"actor_type":"user"}}}',
        ],
      ]) {
        expect((await hook(body, type)).status).toBe(400)
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(({} as Record<string, unknown>).auth_context).toBeUndefined()
      expect((await api.get("/admin/acquiring/payouts", { validateStatus: () => true })).status).toBe(401)

      // An attacker-chosen account_id with a line break reaches the refusal's log line as one line.
      const fields = {
        notify_type: "payout",
        merchant_id: "1000001",
        account_id: "1\r\nacquiring: FORGED LINE",
        transaction_id: "P1",
        order_no: "",
        currency: "EUR",
        amount: "1.00",
        order_status: "1",
        order_info: "x",
        request_id: "r",
        status: "COMPLETED",
      }
      const before = output.length
      expect(
        (await hook(encodeForm({ ...fields, encryption_data: "0".repeat(64) }), "application/x-www-form-urlencoded"))
          .status,
      ).toBe(401)
      const logged = output.slice(before).join("")
      expect(logged).toContain("acquiring payout notification refused")
      expect(logged).not.toMatch(/\nacquiring: FORGED LINE/)
      // A genuine payout still goes through afterwards.
      const res = await post(body())
      expect((await until(res.data.payout.id, (x) => x.status === "completed")).status).toBe("completed")
    })

    it("never shows the bank account number in responses or logs", async () => {
      await post(body())
      await post(body({ payment_amount: "1.00", beneficiary: { ...body().beneficiary, last_name: "FAIL" } }))
      await fail(post(body({ payment_amount: "1" })))
      await sandbox.notifications.settle(10_000)
      // The capture works: a refused notification's warning is in the captured output.
      await api.post("/hooks/acquiring/payout", "merchant_id=1000001&account_id=100000101&encryption_data=00", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        validateStatus: () => true,
      })
      expect(output.join("")).toContain("acquiring payout notification refused")
      expect(responses.length).toBeGreaterThan(2)
      for (const text of [responses.join("\n"), output.join("")]) {
        expect(text).not.toContain(IBAN)
        expect(text).not.toContain(ACCOUNT_NUMBER)
        expect(text).not.toContain("COBADEFFXXX")
      }
    })
  },
})
