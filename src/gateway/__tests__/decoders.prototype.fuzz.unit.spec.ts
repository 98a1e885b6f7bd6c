import fc from "fast-check"
import { z } from "zod"
import { ApiError, decodeRequest, validate } from "../../sandbox/http/validate"
import { decodeForm, decodeXml, encodeForm, sniffDecode } from "../codecs"
import { GatewayBadResponseError, GatewayBodyRefusedError, GatewayError } from "../errors"
import { makeClient, reply } from "./helpers/fake-gateway"
import { caseCounter } from "./helpers/fuzz"

/**
 * Prototype pollution under fuzzing: keys made of __proto__ / constructor / prototype, ordinary
 * names and numbers, written as bracket, dot and mixed paths, percent-encoded, and as JSON and
 * XML documents. Through every decoder of the plugin and the sandbox, the prototypes stay as they
 * were, and each call gives plain data or a typed error (GatewayError; ApiError in the sandbox).
 */
const { client } = makeClient(() => reply("unused"))
const counter = caseCounter()

const DANGEROUS = ["__proto__", "constructor", "prototype"]
const ORDINARY = ["polluted", "auth_context", "actor_id", "actor_type", "order_no", "a", "x"]
const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype]
const namesOf = (p: object) => Object.getOwnPropertyNames(p).sort()
const BEFORE = PROTOTYPES.map(namesOf)

/** Own names added to a prototype since the suite started, removed again so one failure does not hide the next. */
function addedToPrototypes(): string[] {
  const added: string[] = []
  PROTOTYPES.forEach((p, i) => {
    for (const name of namesOf(p)) {
      if (BEFORE[i].includes(name)) continue
      added.push(name)
      delete (p as Record<string, unknown>)[name]
    }
  })
  return added
}

function expectCleanPrototypes() {
  expect(addedToPrototypes()).toEqual([])
  for (const name of ORDINARY) {
    expect(({} as Record<string, unknown>)[name]).toBeUndefined()
    expect(([] as unknown as Record<string, unknown>)[name]).toBeUndefined()
  }
  expect(Object.getPrototypeOf({})).toBe(Object.prototype)
}

/** Plain data all the way down: no dangerous own key, only ordinary prototypes. */
function expectPlain(value: unknown, depth = 0) {
  if (!value || typeof value !== "object") return
  expect([Object.prototype, Array.prototype, null]).toContain(Object.getPrototypeOf(value))
  for (const key of Reflect.ownKeys(value)) {
    expect(DANGEROUS).not.toContain(key)
    if (depth < 20) expectPlain((value as Record<PropertyKey, unknown>)[key], depth + 1)
  }
}

/** Run one decoder: plain data, or a refusal of the allowed type; anything else fails the property. */
function outcome(decode: () => unknown, allowed: new (...a: never[]) => Error = GatewayError): "ok" | "refused" {
  counter.hit()
  let out: unknown
  try {
    out = decode()
  } catch (e) {
    if (e instanceof allowed) return "refused"
    throw e
  }
  expectPlain(out)
  return "ok"
}

const segment = fc.oneof(fc.constantFrom(...DANGEROUS), fc.constantFrom(...ORDINARY), fc.nat(40).map(String))
const segments = fc.array(segment, { minLength: 1, maxLength: 5 })

const hex = (c: string, lower: boolean) => {
  const h = `%${c.charCodeAt(0).toString(16).padStart(2, "0").toUpperCase()}`
  return lower ? h.toLowerCase() : h
}
/** Percent-encode the characters picked by `mask` (`__proto%5F_`), all of them when mask = -1. */
const encodeSome = (s: string, mask: number, lower: boolean) =>
  [...s].map((c, i) => (mask & (1 << (i % 31)) ? hex(c, lower) : c)).join("")

/** A form key from segments: bracket, dot or mixed joins; brackets optionally written %5B/%5D. */
const formKey = fc
  .tuple(
    segments,
    fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    fc.constantFrom("raw", "some", "all"),
    fc.integer(),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([segs, dots, how, mask, lower, encodedBrackets]) => {
    const enc = (s: string) => (how === "raw" ? s : encodeSome(s, how === "all" ? -1 : mask, lower))
    const [open, close] = encodedBrackets ? ["%5B", "%5D"] : ["[", "]"]
    return segs.map((s, i) => (i === 0 ? enc(s) : dots[i] ? `.${enc(s)}` : `${open}${enc(s)}${close}`)).join("")
  })

const formBody = fc
  .tuple(
    fc.array(fc.tuple(formKey, fc.constantFrom("1", "x", "user", "")), { minLength: 1, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([pairs, withOrder]) => [...pairs.map(([k, v]) => `${k}=${v}`), ...(withOrder ? ["order_no=1"] : [])].join("&"))

/** JSON text nesting the segments (written as text: building it as an object would itself pollute). */
const jsonDoc = fc.tuple(fc.array(segments, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([paths, inArray]) => {
  const member = (segs: string[]): string =>
    segs.length === 1 ? `${JSON.stringify(segs[0])}:"1"` : `${JSON.stringify(segs[0])}:{${member(segs.slice(1))}}`
  const doc = `{${paths.map(member).join(",")}}`
  return inArray ? `[${doc}]` : doc
})

/** XML elements nesting the segments; the same names as attributes, which must be ignored. */
const xmlDoc = fc.tuple(fc.array(segments, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([paths, attrs]) => {
  const element = (segs: string[]): string => {
    const attr = attrs ? ` ${segs[0].replace(/^\d/, "n$&")}="1"` : ""
    const inner = segs.length === 1 ? "1" : element(segs.slice(1))
    return `<${segs[0]}${attr}>${inner}</${segs[0]}>`
  }
  return `<?xml version="1.0"?><request>${paths.map(element).join("")}</request>`
})

const anyDoc = fc.oneof(formBody, jsonDoc, xmlDoc)

afterEach(() => void addedToPrototypes())

describe("decoders under prototype-pollution fuzzing", () => {
  it("decodeForm: plain data or a GatewayError, prototypes untouched", () => {
    fc.assert(
      fc.property(formBody, (body) => {
        outcome(() => decodeForm(body))
        expectCleanPrototypes()
      }),
      { numRuns: 3_000, seed: 41 },
    )
  })

  it("decodeXml: plain data or a GatewayError, prototypes untouched", () => {
    fc.assert(
      fc.property(xmlDoc, (doc) => {
        outcome(() => decodeXml(doc))
        expectCleanPrototypes()
      }),
      { numRuns: 2_000, seed: 42 },
    )
  })

  it("sniffDecode of form, JSON and XML bodies: plain data or a GatewayError, prototypes untouched", () => {
    fc.assert(
      fc.property(anyDoc, (doc) => {
        outcome(() => sniffDecode(doc))
        expectCleanPrototypes()
      }),
      { numRuns: 3_000, seed: 43 },
    )
  })

  it("parseNotification of a form body or an object parsed upstream: a Notification or a GatewayError", () => {
    fc.assert(
      fc.property(formBody, jsonDoc, (body, json) => {
        outcome(() => client.parseNotification(`merchant_id=1234567&account_id=123456702&${body}`))
        outcome(() => client.parseNotification(JSON.parse(json)))
        expectCleanPrototypes()
      }),
      { numRuns: 2_000, seed: 44 },
    )
  })

  it("the sandbox's decodeRequest: plain fields or an ApiError, prototypes untouched", () => {
    fc.assert(
      fc.property(anyDoc, (doc) => {
        outcome(() => decodeRequest(doc), ApiError)
        expectCleanPrototypes()
      }),
      { numRuns: 3_000, seed: 45 },
    )
  })

  it("refuses every dangerous segment, however the key is written", () => {
    fc.assert(
      fc.property(formKey, (key) => {
        const decoded = decodeURIComponent(key)
        fc.pre(decoded.split(/[[\].]/).some((s) => DANGEROUS.includes(s)))
        expect(outcome(() => decodeForm(`${key}=1`))).toBe("refused")
      }),
      { numRuns: 2_000, seed: 46 },
    )
  })

  it("counts its cases", () => {
    expect(counter.count).toBeGreaterThanOrEqual(15_000)
    process.stdout.write(`fuzz prototype pollution: ${counter.count} cases\n`)
  })
})

const ATTACKS = [
  ["__proto__[polluted]=1", "__proto__[polluted]"],
  ["a[__proto__][polluted]=1", "a[__proto__][polluted]"],
  [
    "__proto__[auth_context][actor_id]=x&__proto__[auth_context][actor_type]=user&order_no=1",
    "__proto__[auth_context][actor_id]",
  ],
  ["a.constructor.prototype.polluted=1", "a.constructor.prototype.polluted"],
  ["x=1&a%5B%5F%5Fproto%5F%5F%5D%5Bpolluted%5D=1", "a[__proto__][polluted]"],
] as const

const thrown = (f: () => unknown): Error => {
  try {
    f()
  } catch (e) {
    return e as Error
  }
  throw new Error("expected a throw")
}

describe("the attacks, one by one", () => {
  it.each(ATTACKS)("decodeForm(%s) is refused with a typed error naming the key", (body, key) => {
    const err = thrown(() => decodeForm(body))
    expect(err).toBeInstanceOf(GatewayBodyRefusedError)
    expect(err).toMatchObject({ kind: "bad_response", code: "UNSAFE_KEY", source: key })
    expect(err.message).toContain(`key "${key}"`)
    expectCleanPrototypes()
  })

  it.each(ATTACKS)("parseNotification(%s) is a bad_response (HTTP 400), never a signature error", (body) => {
    const err = thrown(() => client.parseNotification(`merchant_id=1234567&account_id=123456702&${body}`))
    expect(err).toBeInstanceOf(GatewayBadResponseError)
    expect((err as GatewayError).kind).toBe("bad_response")
    expectCleanPrototypes()
  })

  it("an object body parsed upstream with an own __proto__ key is refused the same way", () => {
    const parsed = JSON.parse(
      '{"merchant_id":"1234567","account_id":"123456702","__proto__":{"auth_context":{"actor_id":"x"}}}',
    )
    const err = thrown(() => client.parseNotification(parsed))
    expect(err).toMatchObject({ kind: "bad_response", code: "UNSAFE_KEY", source: "__proto__" })
    expectCleanPrototypes()
  })

  it("JSON and XML documents with a dangerous key at any depth are refused", () => {
    for (const doc of [
      '{"__proto__":{"polluted":1}}',
      '{"a":[{"b":{"constructor":{"prototype":{"polluted":1}}}}]}',
      '[{"prototype":1}]',
    ]) {
      expect(thrown(() => sniffDecode(doc))).toMatchObject({ code: "UNSAFE_KEY" })
    }
    for (const doc of [
      "<r><__proto__><polluted>1</polluted></__proto__></r>",
      "<r><a><constructor>1</constructor></a></r>",
      "<prototype/>",
    ]) {
      const err = thrown(() => decodeXml(doc))
      expect(err).toBeInstanceOf(GatewayBodyRefusedError)
      expect(err.message).toMatch(/key "(__proto__|constructor|prototype)"/)
    }
    expectCleanPrototypes()
  })

  it("XML attributes are ignored and entities only expand into text", () => {
    expect(decodeXml('<r><a __proto__="1" constructor="2">v</a></r>').value).toEqual({ a: "v" })
    const entity = '<!DOCTYPE r [<!ENTITY p "<__proto__><polluted>1</polluted></__proto__>">]><r><a>&p;</a></r>'
    expect(decodeXml(entity).value).toEqual({ a: "<__proto__><polluted>1</polluted></__proto__>" })
    expectCleanPrototypes()
  })

  it("the key in the message is printable ASCII, at most 60 characters", () => {
    const err = thrown(() => decodeForm(`%C3%A9%00${"y".repeat(80)}[__proto__]=1`)) as GatewayError
    expect(err.source).toMatch(/^[\x20-\x7e]{1,60}$/)
    expect(err.source.endsWith("...")).toBe(true)
    expect(err.message).toContain(err.source)
  })

  it("the sandbox's decodeRequest answers I0002 naming the key", () => {
    const err = thrown(() => decodeRequest("merchant_id=1&a[__proto__][polluted]=1"))
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).body()).toMatchObject({ code: "I0002", source: "body" })
    expect(err.message).toContain('key "a[__proto__][polluted]"')
    expectCleanPrototypes()
  })

  it("the sandbox's validate never follows a __proto__ key of a zod issue into a prototype", () => {
    const input = JSON.parse('{"__proto__":{"n":"5"}}')
    const schema = z.object({}).catchall(z.object({ n: z.number() })) // issue path ["__proto__", "n"]
    expect(thrown(() => validate(schema, input))).toBeInstanceOf(ApiError)
    expect(input.__proto__).toEqual({ n: "5" })
    expectCleanPrototypes()
  })

  it("a gateway answer with such a key is a GatewayBadResponseError naming it", async () => {
    const answers = [
      ['{"__proto__":{"polluted":1},"return_status":"1"}', "__proto__"],
      ["return_status=1&__proto__[polluted]=1", "__proto__[polluted]"],
    ]
    for (const [body, key] of answers) {
      const { client: c } = makeClient(() => reply(body, 200, "application/json"))
      const err = await c.retrieveTransactions({ orders: ["ORD10001"] }).then(
        () => new Error("expected a rejection"),
        (e: Error) => e,
      )
      expect(err).toBeInstanceOf(GatewayBadResponseError)
      expect(err).toMatchObject({ kind: "bad_response", code: "UNSAFE_KEY", source: key })
      expect(err.message).toMatch(/^retrievalTrans: .*refused: key "__proto__/)
    }
    expectCleanPrototypes()
  })
})

describe("the form contract under qs", () => {
  it("a cart of 35 lines decodes to arrays, as encodeForm wrote it", () => {
    const cart_items = Array.from({ length: 35 }, (_, i) => ({
      basic_item_data: { name: `Item ${i}`, sku: `SKU-${i}`, price: "1.00", quantity: String(i + 1) },
    }))
    const payload = { order_no: "ORD1", cart_items, shipping: { address: { line1: "1 Main St", city: "Paris" } } }
    const decoded = decodeForm(encodeForm(payload))
    expect(Array.isArray(decoded.cart_items)).toBe(true)
    expect(decoded).toEqual(payload)
  })

  it("repeated keys keep the last", () => {
    expect(decodeForm("a=1&a=2&b[c]=1&b[c]=3&d[0]=x&d[0]=y")).toEqual({ a: "2", b: { c: "3" }, d: ["y"] })
  })

  it("keeps dots in names and decodes + and %XX as URLSearchParams did", () => {
    expect(decodeForm("a.b=1&c+d=e+f%20g&h=%E2%9C%93")).toEqual({ "a.b": "1", "c d": "e f g", h: "✓" })
  })

  it("over a limit is a typed refusal, not a truncation", () => {
    const refusedFor = (body: string) => thrown(() => decodeForm(body))
    expect(refusedFor(Array.from({ length: 5001 }, (_, i) => `k${i}=1`).join("&"))).toMatchObject({
      code: "BODY_LIMIT",
    })
    expect(refusedFor("a[b][c][d][e][f][g][h][i][j]=1")).toMatchObject({ code: "BODY_LIMIT" })
    expect(refusedFor("a[1000]=1")).toMatchObject({ code: "BODY_LIMIT" })
    expect(refusedFor("a[1000]=1")).toBeInstanceOf(GatewayBodyRefusedError)
    expect(decodeForm("a[b][c][d][e][f][g][h][i]=1")).toBeTruthy()
    expect(decodeForm(Array.from({ length: 1000 }, (_, i) => `a[${i}]=${i}`).join("&")).a).toHaveLength(1000)
  })
})
