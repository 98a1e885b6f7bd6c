import { CONTENT_TYPES } from "../../gateway/codecs"
import type { Operation } from "../../gateway/operations-table"
import { ERROR_CODES } from "../../gateway/status-codes"
import type { SandboxCore } from "../core"
import type { HeardReading } from "../silent-points"
import { ApiError } from "./api-error"
import type { DecodedRequest } from "./validate"

/** The engine's I0002 (the spec §7.7): 415 for an encoding not taken, 400 for an XML root not taken (pinned only). */
export const ENCODING_REFUSED = { status: 415, code: ERROR_CODES.INVALID_FIELD } as const
export const XML_ROOT_REFUSED = { status: 400, code: ERROR_CODES.INVALID_FIELD } as const

/** The others are documented. */
const ENCODING_POINT: Partial<Record<Operation, "authorise_encoding" | "payout_encoding">> = {
  authorise: "authorise_encoding",
  payout: "payout_encoding",
}

/**
 * Refuse a body encoding the document excludes; where it is silent, take every plausible reading
 * unless pinned and `hear` it. Judged by the bytes, not the Content-Type label, which the spec's own
 * examples get wrong. `lenient` takes anything (readings are still recorded).
 */
export function assertDocumentedEncoding(
  core: SandboxCore,
  op: Operation,
  body: DecodedRequest,
  hear: (reading: HeardReading) => void = () => {},
): void {
  const { lenient, accepted_encodings, pin } = core.options
  const accepted = accepted_encodings[op]
  const encodingTaken = lenient || accepted.includes(body.encoding)
  const point = ENCODING_POINT[op]
  if (point) hear({ point, reading: body.encoding, taken: encodingTaken })
  if (!encodingTaken) {
    const want = accepted.map((e) => `${e} (${CONTENT_TYPES[e]})`).join(" or ")
    const pinned = point && pin[point] ? ` (pin.${point})` : ""
    throw new ApiError(
      ENCODING_REFUSED.status,
      ENCODING_REFUSED.code,
      "body",
      `${op} does not take a ${body.encoding} body; send ${want}${pinned}`,
    )
  }
  if (body.encoding !== "xml") return
  const root = pin.xml_request_root
  const rootTaken = lenient || root === null || body.root === root
  hear({ point: "xml_request_root", reading: body.root ?? "", taken: rootTaken })
  if (!rootTaken) {
    throw new ApiError(
      XML_ROOT_REFUSED.status,
      XML_ROOT_REFUSED.code,
      "body",
      `${op} XML body has root <${body.root ?? ""}>; the root element must be <${root}>`,
    )
  }
}
