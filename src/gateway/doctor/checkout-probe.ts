import { GatewayBadResponseError } from "../errors"
import type { CheckoutResponse } from "../schemas"
import type { AccountOptions } from "../options"
import { QUERY_RESULT } from "../status-codes"
import { attempt, type Attempted, type ProbeContext } from "./attempts"
import { verbatim } from "./classify"
import { optionLines } from "./option-lines"
import { probeOrderNo } from "./retrieval-probe"
import type { DoctorFinding, DoctorRunOptions } from "./types"
import { clientFor, describeVariant, fixOf, isEmptyFix, mergeFixes, type Fix } from "./variants"

const AMOUNT = "1.00"

/** The order exists, so it is still cancelled. */
type PageResult = { page: CheckoutResponse } | { unreadable: unknown }

/** Test mode only: a 1.00 checkout, then the cancel of every order it created; nothing else changes state. */
export async function probeCheckout(
  ctx: ProbeContext,
  account: AccountOptions,
  run: DoctorRunOptions,
): Promise<DoctorFinding[]> {
  const { account_id } = account
  const currency = account.currencies?.[0] ?? run.fallback_currency
  const created: string[] = []
  const tried = await attempt(ctx, "checkout", async (client): Promise<PageResult> => {
    const order_no = probeOrderNo()
    created.push(order_no)
    const request = {
      order_no,
      currency,
      amount: AMOUNT,
      item_total: AMOUNT,
      items: `Doctor probe#,#DOCTOR#,#${AMOUNT}#,#1`,
      ...(run.return_url ? { return_url: run.return_url } : {}),
      ...(run.notify_url ? { notify_url: run.notify_url } : {}),
    }
    try {
      return { page: await client.checkout(request, { account_id }) }
    } catch (err) {
      // A 2xx page we could not read is an accepted checkout: report the page, do not try again.
      if (err instanceof GatewayBadResponseError && (err.status ?? 0) < 300) return { unreadable: err }
      throw err
    }
  })
  const findings = [checkoutFinding(ctx, account_id, currency, tried)]
  if (tried.ok) findings.push(pageFinding(account_id, tried.value))
  findings.push(...(await cancelCreated(ctx, account_id, currency, created, tried.ok)))
  return findings
}

function checkoutFinding(
  ctx: ProbeContext,
  account_id: string,
  currency: string,
  tried: Attempted<PageResult>,
): DoctorFinding {
  if (!tried.ok) {
    return {
      check: "checkout",
      account_id,
      ok: false,
      saw: `account ${account_id}: the ${AMOUNT} ${currency} test checkout was refused in all ${tried.tries} documented forms (return_url and notify_url signature rows, json/form/xml bodies, lower/upper-case hex); the gateway said (${verbatim(tried.error)}); send this line to the plugin's maintainers`,
    }
  }
  const fix = fixOf(ctx.options, "checkout", tried.variant)
  mergeFixes(ctx.found, fix)
  if (isEmptyFix(fix))
    return {
      check: "checkout",
      account_id,
      ok: true,
      saw: `account ${account_id}: ${AMOUNT} ${currency} test checkout accepted`,
    }
  const lines = optionLines(ctx.options, fix)
  return {
    check: "checkout",
    account_id,
    ok: false,
    saw:
      `account ${account_id}: the test checkout was refused as configured (${verbatim(tried.first?.error)}); ` +
      `accepted with ${describeVariant(ctx.options, "checkout", tried.variant)}` +
      (fix.upper_case.length ? " (no option sends upper-case hex: send this line to the plugin's maintainers)" : ""),
    ...(lines.length ? { fix_options: lines.join("\n") } : {}),
  }
}

function pageFinding(account_id: string, result: PageResult): DoctorFinding {
  if ("unreadable" in result) {
    return {
      check: "hosted_page",
      account_id,
      ok: false,
      saw: `account ${account_id}: the checkout answered, but its hosted page could not be read (${verbatim(result.unreadable)}); send this line and the page's HTML (no card data is on it) to the plugin's maintainers`,
    }
  }
  const { form, sign_info } = result.page
  return {
    check: "hosted_page",
    account_id,
    ok: true,
    saw: `account ${account_id}: hosted page read: a ${form.method} form to ${new URL(form.action).origin} with ${Object.keys(form.fields).length} fields${sign_info ? ", signed" : ""}`,
  }
}

/** Find the orders the checkout attempts created (retrievalTrans) and cancel them: the probe leaves nothing open. */
async function cancelCreated(
  ctx: ProbeContext,
  account_id: string,
  currency: string,
  created: string[],
  accepted: boolean,
): Promise<DoctorFinding[]> {
  if (!created.length) return []
  const lookup = clientFor(ctx.options, ctx.found, null, ctx.calls)
  let open: Array<{ transaction_id: string; order_no: string }>
  try {
    const { orders_list } = await lookup.retrieveTransactions({ orders: created }, { account_id })
    open = orders_list
      .filter(
        (o) => o.transaction_id && String(o.query_result) !== QUERY_RESULT.NOT_FOUND && created.includes(o.order_no),
      )
      .map((o) => ({ transaction_id: o.transaction_id!, order_no: o.order_no }))
  } catch (err) {
    return [leftOpen(account_id, created, `it could not be looked up (${verbatim(err)})`)]
  }
  if (!open.length) return accepted ? [leftOpen(account_id, created, "retrievalTrans does not show it")] : []
  const cancel_orders = open.map((o) => ({ ...o, currency, amount: AMOUNT }))
  const tried = await attempt(ctx, "cancel", async (client) => {
    const result = await client.cancel({ cancel_orders }, { account_id })
    if (result.failed.length) throw result.failed[0].error
    return result.results
  })
  if (!tried.ok)
    return [
      leftOpen(
        account_id,
        created,
        `the cancel was refused in all ${tried.tries} documented forms (${verbatim(tried.error)})`,
      ),
    ]
  const refusedEntries = tried.value.filter((r) => String(r.cancel_status) !== "1")
  const fix: Fix = fixOf(ctx.options, "cancel", tried.variant)
  mergeFixes(ctx.found, fix)
  const lines = optionLines(ctx.options, fix)
  const done = `account ${account_id}: test order ${open.map((o) => o.order_no).join(", ")} cancelled`
  if (refusedEntries.length) {
    const said = refusedEntries.map((r) => `${r.order_no}: ${r.error_message || `cancel_status ${r.cancel_status}`}`)
    return [leftOpen(account_id, created, `the gateway refused its cancel (${said.join("; ")})`)]
  }
  if (isEmptyFix(fix)) return [{ check: "cancel", account_id, ok: true, saw: done }]
  return [
    {
      check: "cancel",
      account_id,
      ok: false,
      saw:
        `${done} after the cancel was refused as configured (${verbatim(tried.first?.error)}); accepted with ` +
        `${describeVariant(ctx.options, "cancel", tried.variant)}; capture, review and refund share its pattern but are never probed (they move money)`,
      ...(lines.length ? { fix_options: lines.join("\n") } : {}),
    },
  ]
}

const leftOpen = (account_id: string, orders: string[], why: string): DoctorFinding => ({
  check: "cancel",
  account_id,
  ok: false,
  saw: `account ${account_id}: the ${AMOUNT} test order (${orders.join(", ")}) may still be open: ${why}; cancel it in the gateway's portal`,
})
