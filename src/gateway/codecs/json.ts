import { GatewayBadResponseError } from "../errors"
import { assertSafeKeys } from "./safe-keys"

/** JSON.parse keeps `"__proto__"` as an own key, which a later spread or loose copy turns into a prototype write. */
export function decodeJson(text: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new GatewayBadResponseError("JSON body is not well-formed", { code: "MALFORMED", source: "body", cause: err })
  }
  return assertSafeKeys(value, "JSON body")
}
