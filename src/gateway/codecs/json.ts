import { GatewayBadResponseError } from "../errors"
import { assertSafeKeys } from "./safe-keys"

/**
 * JSON.parse makes `"__proto__"` an own key, harmless until a spread, Object.assign or
 * zod's loose copy turns it into a prototype write further on: refused here, at any depth.
 */
export function decodeJson(text: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new GatewayBadResponseError("JSON body is not well-formed", { code: "MALFORMED", source: "body", cause: err })
  }
  return assertSafeKeys(value, "JSON body")
}
