import type { AccountOptions } from "./options"
import type { CallOptions } from "./client-types"
import { encodeBody } from "./codecs"
import type { ClientContext } from "./context"
import { errorFromBody, errorFromReturnStatus } from "./error-map"
import { GatewayBadResponseError, GatewaySignatureError } from "./errors"
import { OPERATION_TABLE, type Encoding, type Operation } from "./operations-table"
import { sign, verify } from "./signing"
import { RETURN_OK } from "./status-codes"
import { errorBodyOf, post, withRetries } from "./transport"

/**
 * Envelope and signature, encoding, the exchange (retried only for idempotent operations), then the
 * checks every answer gets; operations add their schema on top.
 */
export type Answer =
  | { status: number; type: "object"; value: Record<string, unknown>; root?: string }
  | { status: number; type: "html"; html: string }

/** encryption_data last. */
export function signedPayload(
  ctx: ClientContext,
  op: Operation,
  fields: Record<string, unknown>,
  account: AccountOptions,
): Record<string, unknown> {
  const payload = { merchant_id: ctx.options.merchant_id, account_id: account.account_id, ...fields }
  const rule = ctx.options.signature_fields[op] ?? OPERATION_TABLE[op].sign
  return { ...payload, encryption_data: sign(payload, rule, account.sign_key) }
}

/** Built before sending, so a bad batch sends nothing. */
export interface Prepared {
  op: Operation
  account: AccountOptions
  encoding: Encoding
  body: string
}

export function prepare(
  ctx: ClientContext,
  op: Operation,
  fields: Record<string, unknown>,
  account: AccountOptions,
): Prepared {
  const encoding = ctx.options.encodings[op] ?? OPERATION_TABLE[op].encoding
  const body = encodeBody(encoding, signedPayload(ctx, op, fields, account), ctx.options.xml_request_root)
  return { op, account, encoding, body }
}

export function send(ctx: ClientContext, req: Prepared, callOpts: CallOptions = {}): Promise<Answer> {
  const { op, account } = req
  return withRetries(
    ctx,
    op,
    async (): Promise<Answer> => {
      const { status, decoded } = await post(ctx, op, req.body, req.encoding, callOpts.signal)
      if (decoded.type === "html") return { status, type: "html", html: decoded.html }
      const answer = asObjectAnswer(op, status, decoded.value, decoded.type === "xml" ? decoded.root : undefined)
      checkAnswer(ctx, op, answer, account)
      return answer
    },
    callOpts.signal,
  )
}

export function exchange(
  ctx: ClientContext,
  op: Operation,
  fields: Record<string, unknown>,
  account: AccountOptions,
  callOpts: CallOptions = {},
): Promise<Answer> {
  return send(ctx, prepare(ctx, op, fields, account), callOpts)
}

/** An HTML page where data was expected is a bad response. */
export function expectObject(answer: Answer, op: Operation): Record<string, unknown> {
  if (answer.type === "object") return answer.value
  throw new GatewayBadResponseError(`${op}: expected a JSON or XML answer, got an HTML page`, {
    source: "body",
    status: answer.status,
    operation: op,
  })
}

function asObjectAnswer(op: Operation, status: number, value: unknown, root?: string): Answer & { type: "object" } {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new GatewayBadResponseError(`${op}: expected an object in the answer`, {
      source: "body",
      status,
      operation: op,
    })
  }
  return { status, type: "object", value: value as Record<string, unknown>, root }
}

/** Errors carried by a 2xx answer, then the response signature where a rule is configured. */
function checkAnswer(ctx: ClientContext, op: Operation, answer: Answer & { type: "object" }, account: AccountOptions) {
  const value = answer.value
  const init = { status: answer.status, operation: op }
  if (value.return_status === undefined) {
    const err = errorBodyOf({ type: "json", value: value })
    if (err) throw errorFromBody(err, init)
  } else if (String(value.return_status) !== RETURN_OK) {
    throw errorFromReturnStatus(String(value.return_status), String(value.return_message ?? ""), init)
  }
  verifyResponseSignature(ctx, op, value, account)
}

/** Verify `encryption_data` of an answer only where options.response_signature_fields has a rule. */
export function verifyResponseSignature(
  ctx: ClientContext,
  op: Operation,
  value: Record<string, unknown>,
  account: AccountOptions,
): void {
  const rule = ctx.options.response_signature_fields[op]
  const received = value.encryption_data
  if (!rule || received === undefined || received === "") return
  if (!verify(value, rule, account.sign_key, received)) {
    throw new GatewaySignatureError(
      `${op}: the answer's encryption_data does not match response_signature_fields.${op}`,
      {
        source: "encryption_data",
        operation: op,
      },
    )
  }
}
