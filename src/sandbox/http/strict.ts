import { CONTENT_TYPES } from "../../gateway/codecs"
import type { Operation } from "../../gateway/operations-table"
import { ERROR_CODES } from "../../gateway/status-codes"
import type { SandboxCore } from "../core"
import type { HeardReading } from "../silent-points"
import { ApiError } from "./api-error"
import type { DecodedRequest } from "./validate"

/**
 * The engine's I00xx input-validation family (docs/gateway-interface.md §7.7): I0002, the
 * body in the wrong format, so a client maps it as any other malformed input. HTTP 415 for an
 * encoding the sandbox does not take, 400 for an XML root it does not take (only when pinned).
 */
export const ENCODING_REFUSED = { status: 415, code: ERROR_CODES.INVALID_FIELD } as const
export const XML_ROOT_REFUSED = { status: 400, code: ERROR_CODES.INVALID_FIELD } as const

/** The silent point an operation's body encoding is (silent-points.ts); the others are documented. */
const ENCODING_POINT: Partial<Record<Operation, "authorise_encoding" | "payout_encoding">> = {
  authorise: "authorise_encoding",
  payout: "payout_encoding",
}

/**
 * Strict mode (the default) refuses what the interface document excludes: a body encoding other than
 * the one it documents for the operation (options.accepted_encodings, DOCUMENTED_ENCODINGS). Where the
 * document is silent (authorise's and payout's encoding, the XML root) it takes every plausible reading
 * unless `pin` fixes one, and `hear`s the reading received (request log, GET /__sandbox/readings).
 * Judged by the bytes, not the Content-Type label, which the document's own examples get wrong. Refusals
 * are the engine's input-validation family (I00xx) with source "body" saying what to send instead.
 * `lenient: true` takes any encoding and any XML root (readings are still recorded).
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
