import fc from "fast-check"

/**
 * Legitimate values of every field a signature row covers, as the plugin or the gateway writes
 * them: the arbitraries of the notification fuzz test and of the re-split property test.
 */
const alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".split("")
const upper = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".split("") // Crockford base32, as in a ULID

const chars = (set: string[], min: number, max: number) =>
  fc.array(fc.constantFrom(...set), { minLength: min, maxLength: max }).map((a) => a.join(""))

/** The sandbox writes T<instance><seq>; a real gateway may use letters, digits, `_` and `-`. */
export const transactionId = fc.oneof(
  fc.integer({ min: 1, max: 99_999_999 }).map((n) => `T${n}`),
  fc
    .tuple(chars(alnum, 1, 1), fc.array(fc.constantFrom(...alnum, "_", "-"), { maxLength: 40 }))
    .map(([a, b]) => a + b.join("")),
)
/** The plugin's order numbers: `payses` and a session id's ULID. */
export const orderNo = chars(upper, 26, 26).map((ulid) => `payses${ulid}`)
export const currency = fc.constantFrom("EUR", "USD", "JPY", "GBP", "BRL", "KWD", "HUF")
export const amount = fc
  .tuple(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([units, cents]) => `${units}.${String(cents).padStart(2, "0")}`)
export const orderStatus = fc.constantFrom("-2", "-1", "0", "1")
export const orderInfo = fc
  .tuple(fc.constantFrom("0000", "E0001", "E0002", "R0000", "P0001"), fc.string({ maxLength: 30 }))
  .map(([code, text]) => `${code}:${text.replace(/[&<>"']/g, "")}`)
export const requestId = fc.uuid()
/** A return URL whose path (and query) the shopper chooses: printable, no character the scheme cannot sign. */
export const returnUrl = fc
  .tuple(
    fc.constantFrom("https://shop.example", "http://localhost:8000", "https://store.example.com:8443"),
    fc.array(fc.constantFrom(...alnum, "/", ".", "-", "_", "?", "=", ":", "%", "~"), { maxLength: 60 }),
  )
  .map(([origin, path]) => `${origin}/${path.join("")}`)
