import { OPERATION_TABLE, type Operation } from "../../gateway/operations-table"
import { ERROR_CODES } from "../../gateway/status-codes"
import { verify } from "../../gateway/signing"
import type { SandboxCore } from "../core"
import type { SandboxAccount, SandboxMerchant } from "../options"
import { ApiError, missing } from "./api-error"

export interface Caller {
  merchant: SandboxMerchant
  /** Its sign_key is the key the request was signed with (a previous one after a rotation). */
  account: SandboxAccount
  /** 0: the account's sign_key; n: its previous_sign_keys[n - 1]. */
  key_index: number
}

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined)

export const signFields = (core: SandboxCore, op: Operation) =>
  core.options.signature_fields[op] ?? OPERATION_TABLE[op].sign

/** In the gateway's order: who (I0001/I0003/I0004), which address (I0014/I0015), then the signature (I0013). */
export function authenticate(core: SandboxCore, op: Operation, body: Record<string, unknown>): Caller {
  const merchant_id = text(body.merchant_id)
  const account_id = text(body.account_id)
  if (!merchant_id) throw missing("merchant_id")
  if (!account_id) throw missing("account_id")
  const merchant = core.merchant(merchant_id)
  if (!merchant)
    throw new ApiError(403, ERROR_CODES.UNKNOWN_MERCHANT, "merchant_id", `merchant_id ${merchant_id} is not known`)
  const account = core.account(merchant_id, account_id)
  if (!account) {
    throw new ApiError(
      403,
      ERROR_CODES.UNKNOWN_ACCOUNT,
      "account_id",
      `account_id ${account_id} is not an account of merchant ${merchant_id}`,
    )
  }
  const server = core.options.server_mode
  if (account.mode !== server) {
    throw account.mode === "test"
      ? new ApiError(
          403,
          ERROR_CODES.TEST_ACCOUNT_ON_LIVE,
          "account_id",
          "test account used on the live address; use the test address",
        )
      : new ApiError(
          403,
          ERROR_CODES.LIVE_ACCOUNT_ON_TEST,
          "account_id",
          "live account used on the test address; use the live address",
        )
  }
  const received = body.encryption_data
  if (received === undefined || received === "") {
    throw new ApiError(
      401,
      ERROR_CODES.SIGNATURE,
      "encryption_data",
      "encryption_data (the request signature) is required",
    )
  }
  const keys = [account.sign_key, ...account.previous_sign_keys]
  const key_index = keys.findIndex((key) => verify(body, signFields(core, op), key, received))
  if (key_index < 0) {
    throw new ApiError(
      401,
      ERROR_CODES.SIGNATURE,
      "encryption_data",
      `signature does not match: sha256 of ${signFields(core, op).join(" + ")} + sign_key`,
    )
  }
  return { merchant, account: { ...account, sign_key: keys[key_index] }, key_index }
}
