import { randomInt } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import type { GatewayClientOptions } from "../../../gateway/options"
import { canonicalSignFields } from "../../../gateway/operations/notification"
import { sign } from "../../../gateway/signing"

/** Our own kind, never the gateway's: a signed sample that the notify route records and acts on no further. */
export const TEST_NOTIFY_TYPE = "test"

/** A session's order-number shape (the signed format asks for it) whose 1970 timestamp no session can have. */
const TEST_ORDER_NO = /^payses00000000TEST[0-9A-Z]{14}$/
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

export const isTestOrderNo = (orderNo: string): boolean => TEST_ORDER_NO.test(orderNo)

export function testOrderNo(): string {
  let tail = ""
  for (let i = 0; i < 14; i++) tail += ALPHABET[randomInt(ALPHABET.length)]
  return `payses00000000TEST${tail}`
}

/** What the recorded row says it changed. */
export const TEST_CHANGED = "test notification: no payment changed"

/**
 * The sample for an account, signed by the order notifications' rule: XTS is ISO 4217's code for
 * testing, so no amount of a real currency appears. A signed field the sample lacks gets a filler.
 */
export function testNotification(
  client: Pick<GatewayClientOptions, "merchant_id" | "accounts" | "notification_signature_fields">,
  accountId: string,
  orderNo = testOrderNo(),
): Record<string, string> {
  const account = client.accounts.find((a) => a.account_id === accountId)
  if (!account) throw new MedusaError(MedusaError.Types.INVALID_DATA, `account ${accountId} is not configured`)
  const fields: Record<string, string> = {
    notify_type: TEST_NOTIFY_TYPE,
    merchant_id: client.merchant_id,
    account_id: account.account_id,
    transaction_id: orderNo.replace(/^payses/, "T"),
    order_no: orderNo,
    currency: "XTS",
    amount: "0.00",
    order_status: "1",
    order_info: "0000:Test notification sent from the admin",
  }
  const rule = canonicalSignFields(client.notification_signature_fields)
  for (const f of rule) if (!fields[f]) fields[f] = "TEST"
  return { ...fields, encryption_data: sign(fields, rule, account.sign_key) }
}
