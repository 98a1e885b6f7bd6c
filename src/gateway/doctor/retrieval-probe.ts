import type { AccountOptions } from "../options"
import { QUERY_RESULT } from "../status-codes"
import { attempt, type ProbeContext } from "./attempts"
import { verbatim, type Refusal } from "./classify"
import { optionLines } from "./option-lines"
import type { DoctorFinding, UnknownOrderReading } from "./types"
import { describeVariant, fixOf, isEmptyFix, mergeFixes } from "./variants"

let sequence = 0
/** `DOCTOR` + time + a counter: an order number no shop has used, within the engine's rule. */
export const probeOrderNo = () => `DOCTOR${Date.now().toString(36).toUpperCase()}${++sequence}`

export interface RetrievalOutcome {
  ok: boolean
  findings: DoctorFinding[]
  reading?: UnknownOrderReading
}

/**
 * The signed retrievalTrans of an order that cannot exist: proves merchant_id, account_id, sign_key,
 * the signature rule and this server's registered IP without touching any order.
 */
export async function probeRetrieval(ctx: ProbeContext, account: AccountOptions): Promise<RetrievalOutcome> {
  const { account_id } = account
  const order_no = probeOrderNo()
  const tried = await attempt(ctx, "retrievalTrans", (client) =>
    client.retrieveTransactions({ orders: [order_no] }, { account_id }),
  )
  if (!tried.ok) return { ok: false, findings: [refused(ctx, account_id, tried.refusal, tried.error, tried.tries)] }

  const fix = fixOf(ctx.options, "retrievalTrans", tried.variant)
  mergeFixes(ctx.found, fix)
  const needsFix = !isEmptyFix(fix)
  const lines = optionLines(ctx.options, fix)
  const credentials: DoctorFinding = {
    check: "credentials",
    account_id,
    ok: !needsFix,
    saw: needsFix
      ? `account ${account_id}: retrievalTrans was refused as configured (${verbatim(tried.first?.error)}); ` +
        `accepted with ${describeVariant(ctx.options, "retrievalTrans", tried.variant)}` +
        (fix.upper_case.length ? " (no option sends upper-case hex: send this line to the plugin's maintainers)" : "")
      : `account ${account_id}: credentials, signature and this server's IP accepted (signed retrievalTrans, return_status 1)`,
    ...(lines.length ? { fix_options: lines.join("\n") } : {}),
  }
  const entry = tried.value.orders_list.find((o) => o.order_no === order_no) ?? tried.value.orders_list[0]
  const reading: UnknownOrderReading | undefined = !entry
    ? "absent"
    : String(entry.query_result) === QUERY_RESULT.NOT_FOUND
      ? "query_result_2"
      : undefined
  const unknown: DoctorFinding = {
    check: "unknown_order",
    account_id,
    ok: reading !== undefined,
    saw:
      reading === "absent"
        ? `account ${account_id}: an order the gateway does not have is left out of orders_list (reading: absent)`
        : reading === "query_result_2"
          ? `account ${account_id}: an order the gateway does not have comes back as an entry with query_result 2 (reading: query_result_2)`
          : `account ${account_id}: the order ${order_no}, which cannot exist, came back with query_result ${String(entry?.query_result)}: send this line to the plugin's maintainers`,
  }
  return { ok: true, findings: [credentials, unknown], reading }
}

function refused(
  ctx: ProbeContext,
  account_id: string,
  refusal: Refusal,
  error: unknown,
  tries: number,
): DoctorFinding {
  const m = ctx.options.merchant_id
  const said = verbatim(error)
  const text: Record<Refusal, string> = {
    ip_not_registered: `account ${account_id}: the gateway does not accept calls from this server's IP address (${said}); register this server's outbound IP address with the gateway for merchant ${m}, then run the doctor again`,
    credentials: `account ${account_id}: the gateway does not know merchant ${m} / account ${account_id} (${said}); check merchant_id and the account_id against what the gateway gave you`,
    wrong_address: `account ${account_id}: test and live are mixed up (${said}); a test account goes with mode "test" and test_base_url, a live account with mode "live" and live_base_url`,
    signature: `account ${account_id}: the gateway refused the signature in all ${tries} documented forms (lower/upper-case hex, json/form/xml bodies) (${said}); check this account's sign_key (case-sensitive; test and live keys differ)`,
    unreachable: `cannot reach the gateway (${said}); check base_url / ${ctx.options.mode}_base_url and that this server may open HTTPS connections to it`,
    server_error: `account ${account_id}: the gateway answered with a system error (${said}); run the doctor again later, and if it stays, send this line to the gateway`,
    other: `account ${account_id}: retrievalTrans was refused in all ${tries} documented forms; the gateway said (${said}); send this line to the plugin's maintainers`,
  }
  return { check: "credentials", account_id, ok: false, saw: text[refusal] }
}
