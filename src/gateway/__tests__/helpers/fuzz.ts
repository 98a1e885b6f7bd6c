import fc from "fast-check"

/**
 * Shared arbitraries of the fuzz suites (*.fuzz.unit.spec.ts): bodies a broken, hostile or
 * simply different gateway could send, built from the real fixtures so that most cases get
 * past the first check and reach the deeper parsers.
 */

/** A JSON value with a shape the parsers meet: strings, numbers, nulls, nesting. */
export const anyJson = fc.jsonValue({ maxDepth: 3 })

/** Replace, delete or add one member somewhere in a JSON object (depth ≤ 2). */
function mutateOnce(obj: unknown, path: number[], value: unknown, kind: number): unknown {
  if (!obj || typeof obj !== "object") return value
  const copy: any = Array.isArray(obj) ? [...obj] : { ...(obj as object) }
  const keys = Object.keys(copy)
  if (!keys.length) return kind === 2 ? { fuzz: value } : copy
  const key = keys[path[0] % keys.length]
  if (path.length > 1 && copy[key] && typeof copy[key] === "object") {
    copy[key] = mutateOnce(copy[key], path.slice(1), value, kind)
    return copy
  }
  if (kind === 0) copy[key] = value
  else if (kind === 1) delete copy[key]
  else copy[`${key}_x`] = value
  return copy
}

/** A fixture object with 1–4 random mutations. */
export const mutatedObject = (fixtures: unknown[]) =>
  fc
    .tuple(
      fc.constantFrom(...fixtures),
      fc.array(fc.tuple(fc.array(fc.nat(50), { minLength: 1, maxLength: 3 }), anyJson, fc.nat(2)), {
        minLength: 1,
        maxLength: 4,
      }),
    )
    .map(([base, muts]) => muts.reduce((o, [path, value, kind]) => mutateOnce(o, path, value, kind), base as unknown))

/** Text with a random slice replaced, cut or doubled: broken markup and truncated answers. */
export const mutatedText = (texts: string[]) =>
  fc
    .tuple(fc.constantFrom(...texts), fc.nat(), fc.nat(200), fc.string({ unit: "binary", maxLength: 40 }), fc.nat(2))
    .map(([t, at, len, insert, kind]) => {
      const i = at % (t.length + 1)
      if (kind === 0) return t.slice(0, i) + insert + t.slice(i + len)
      if (kind === 1) return t.slice(0, i)
      return t.slice(0, i) + t.slice(i, i + len) + t.slice(i)
    })

const xmlName = fc.stringMatching(/^[A-Za-z_][\w.-]{0,12}$/)
const xmlText = fc.string({ maxLength: 30 }).map((s) => s.replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;")))

/** XML documents: well-formed with random members, and random text that starts like XML. */
export const anyXml = fc.oneof(
  fc
    .tuple(fc.constantFrom("respon", "response", "xml"), fc.array(fc.tuple(xmlName, xmlText), { maxLength: 8 }))
    .map(
      ([root, kids]) => `<?xml version="1.0"?><${root}>${kids.map(([k, v]) => `<${k}>${v}</${k}>`).join("")}</${root}>`,
    ),
  fc.string({ maxLength: 80 }).map((s) => `<${s}`),
  fc.string({ maxLength: 80 }).map((s) => `<respon><issuer_url>${s}</issuer_url>`),
)

/** HTML pages with forms, inputs and inline scripts in random arrangements. */
export const anyHtml = fc
  .tuple(
    fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })), { maxLength: 6 }),
    fc.string({ maxLength: 60 }),
    fc.string({ maxLength: 30 }),
    fc.boolean(),
  )
  .map(([inputs, script, action, withForm]) => {
    const ins = inputs.map(([n, v]) => `<input type="hidden" name="${n}" value="${v}">`).join("")
    const body = withForm ? `<form action="${action}" method="post">${ins}</form>` : ins
    return `<!DOCTYPE html><html><body>${body}<script>${script}</script></body></html>`
  })

/** HTTP statuses a gateway or a proxy in front of it might answer with (bodies allowed). */
export const anyStatus = fc.constantFrom(200, 200, 200, 201, 202, 400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504)

export const anyContentType = fc.constantFrom(
  "application/json",
  "application/xml",
  "text/html; charset=utf-8",
  "application/x-www-form-urlencoded",
  "text/plain",
  "",
)

/** Counts fuzz cases per suite so a run can report them (docs/reliability.md lists the totals). */
export function caseCounter() {
  let n = 0
  return {
    hit: () => void n++,
    get count() {
      return n
    },
  }
}

/** Unhandled promise rejections during a suite: a parser must never leave one behind. */
export function watchUnhandledRejections() {
  const seen: unknown[] = []
  const onRejection = (reason: unknown) => seen.push(reason)
  beforeAll(() => process.on("unhandledRejection", onRejection))
  afterAll(() => void process.off("unhandledRejection", onRejection))
  return seen
}
