import { CONTENT_TYPES } from "../../gateway/codecs"
import type { Operation } from "../../gateway/operations-table"
import { ERROR_CODES } from "../../gateway/status-codes"
import type { SandboxCore } from "../core"
import { ApiError } from "./api-error"
import type { DecodedRequest } from "./validate"

/**
 * The engine's I00xx input-validation family (gateway-facts.md "Responses, statuses, errors"): I0002, the
 * body in the wrong format, so a client maps it as any other malformed input. HTTP 415 for an
 * undocumented encoding, 400 for a wrong XML root.
 */
export const ENCODING_REFUSED = { status: 415, code: ERROR_CODES.INVALID_FIELD } as const
export const XML_ROOT_REFUSED = { status: 400, code: ERROR_CODES.INVALID_FIELD } as const

/**
 * Strict mode (the default): an operation takes only the body encodings the interface document
 * gives it (options.accepted_encodings), and an XML body only under the configured root. Judged by
 * the bytes, not the Content-Type label, which the document's own examples get wrong. Refusals are
 * the engine's input-validation family (I00xx) with source "body" saying what to send instead.
 * `lenient: true` skips this check (any encoding, any XML root).
 */
export function assertDocumentedEncoding(core: SandboxCore, op: Operation, body: DecodedRequest): void {
  if (core.options.lenient) return
  const accepted = core.options.accepted_encodings[op]
  if (!accepted.includes(body.encoding)) {
    const want = accepted.map((e) => `${e} (${CONTENT_TYPES[e]})`).join(" or ")
    throw new ApiError(
      ENCODING_REFUSED.status,
      ENCODING_REFUSED.code,
      "body",
      `${op} does not take a ${body.encoding} body; send ${want}`,
    )
  }
  const root = core.options.xml_request_root
  if (body.encoding === "xml" && body.root !== root) {
    throw new ApiError(
      XML_ROOT_REFUSED.status,
      XML_ROOT_REFUSED.code,
      "body",
      `${op} XML body has root <${body.root ?? ""}>; the root element must be <${root}>`,
    )
  }
}
