import { PayoutResponse } from "../../../gateway/schemas"
import { GatewayApiError, GatewayNetworkError, GatewayRequestError, GatewayTimeoutError } from "../../../gateway/errors"
import {
  checkNotificationMatches,
  mergeUpdate,
  parseGatewayTimestamp,
  updateFromNotification,
  updateFromResponse,
} from "../lib/gateway-update"
import { OUTCOME_UNKNOWN, updateFromError } from "../lib/failure"
import { canTransition, mapGatewayStatus } from "../lib/status"

const response = (over: Record<string, unknown> = {}) =>
  PayoutResponse.parse({
    request_id: "0b7a6f2e-8f8e-4a53-9a55-1f7f1f0e6a11",
    payment_amount: "100.00",
    payment_currency: "EUR",
    status: "COMPLETED",
    fee_amount: 150,
    fee_currency: "EUR",
    amount_beneficiary_receives: 10000,
    amount_payer_pays: 10150,
    transaction_id: "PO123",
    short_reference_id: "SR-1",
    payer_id: "P-9",
    created_at: "2024-05-01T10:00:00+0200",
    last_updated_at: "2024-05-01T10:05:00+0000",
    ...over,
  })

describe("updateFromResponse", () => {
  it("maps status, ids, timestamps and converts integer amounts exactly", () => {
    const u = updateFromResponse(response(), { payment_currency: "EUR" })
    expect(u).toMatchObject({
      status: "completed",
      gateway_status: "COMPLETED",
      transaction_id: "PO123",
      short_reference_id: "SR-1",
      payer_id: "P-9",
      fee_amount: "1.50",
      fee_currency: "EUR",
      amount_beneficiary_receives: "100.00",
      amount_payer_pays: "101.50",
      failure_type: null,
      failure_reason: null,
    })
    expect(u.created_at_gateway?.toISOString()).toBe("2024-05-01T08:00:00.000Z")
    expect(u.last_updated_at_gateway?.toISOString()).toBe("2024-05-01T10:05:00.000Z")
  })

  it("reads payer amounts in the source currency and honours digit overrides", () => {
    const u = updateFromResponse(
      response({
        source_currency: "JPY",
        source_amount: "15000",
        fee_amount: 300,
        fee_currency: undefined,
        amount_payer_pays: 15300,
      }),
      { payment_currency: "EUR", digits: { JPY: 0 } },
    )
    expect(u.amount_payer_pays).toBe("15300")
    expect(u.fee_amount).toBe("300")
    expect(u.fee_currency).toBe("JPY")
    expect(u.source_amount).toBe("15000.00")
    expect(u.amount_beneficiary_receives).toBe("100.00")
  })

  it("records failure type and reason of a failed payout", () => {
    const u = updateFromResponse(
      response({ status: "FAILED", failure_type: "INVALID_ACCOUNT", failure_reason: "IBAN does not exist" }),
      { payment_currency: "EUR" },
    )
    expect(u).toMatchObject({
      status: "failed",
      failure_type: "INVALID_ACCOUNT",
      failure_reason: "IBAN does not exist",
    })
    const bare = updateFromResponse(response({ status: "FAILED" }), { payment_currency: "EUR" })
    expect(bare.failure_type).toBe("FAILED")
    expect(bare.failure_reason).toMatch(/without a reason/)
  })

  it("keeps unknown statuses open as processing, with the raw text", () => {
    const u = updateFromResponse(response({ status: "IN_REVIEW" }), { payment_currency: "EUR" })
    expect(u.status).toBe("processing")
    expect(u.gateway_status).toBe("IN_REVIEW")
  })
})

describe("updateFromNotification", () => {
  it("reads form-encoded (string) integers and status", () => {
    const u = updateFromNotification(
      {
        notify_type: "payout",
        request_id: "r",
        status: "COMPLETED",
        order_status: "1",
        fee_amount: "150",
        transaction_id: "",
        amount: "",
      },
      { payment_currency: "EUR" },
    )
    expect(u).toMatchObject({ status: "completed", fee_amount: "1.50" })
    expect(u.transaction_id).toBeUndefined()
  })
  it("takes the failure from order_info when the notification has no failure fields", () => {
    const u = updateFromNotification(
      { request_id: "r", status: "FAILED", order_status: "0", order_info: "P0001:The beneficiary IBAN does not exist" },
      { payment_currency: "EUR" },
    )
    expect(u).toMatchObject({
      status: "failed",
      failure_type: "P0001",
      failure_reason: "The beneficiary IBAN does not exist",
    })
  })
  it("falls back to the status alone when other fields do not parse", () => {
    const u = updateFromNotification(
      { status: "FAILED", order_status: "0", created_at: "yesterday" },
      { payment_currency: "EUR" },
    )
    expect(u).toEqual({ status: "failed", status_source: "notification", gateway_status: "FAILED" })
  })
  it("the signed order_status decides; the unsigned status only refines it", () => {
    const at = (order_status: string | undefined, status?: string) =>
      updateFromNotification({ order_status, status }, { payment_currency: "EUR" }).status
    expect(at("1", "COMPLETED")).toBe("completed")
    expect(at("1")).toBe("completed")
    expect(at("0")).toBe("failed")
    expect(at("-1", "PROCESSING")).toBe("processing")
    // An unsigned status that the signed one does not back never decides (the route also refuses it).
    expect(at("0", "COMPLETED")).toBe("failed")
    expect(at(undefined, "COMPLETED")).toBe("processing")
    expect(at("-2", "COMPLETED")).toBe("processing")
  })
})

describe("status rules", () => {
  it("maps the gateway statuses", () => {
    expect(mapGatewayStatus("PENDING")).toBe("pending")
    expect(mapGatewayStatus("processing")).toBe("processing")
    expect(mapGatewayStatus("COMPLETED")).toBe("completed")
    expect(mapGatewayStatus("FAILED")).toBe("failed")
    expect(mapGatewayStatus(undefined)).toBe("processing")
  })
  it("never leaves a final status and never goes back", () => {
    expect(canTransition("pending", "completed")).toBe(true)
    expect(canTransition("processing", "pending")).toBe(false)
    expect(canTransition("completed", "failed")).toBe(false)
    expect(canTransition("failed", "completed")).toBe(false)
  })
})

describe("mergeUpdate", () => {
  const completed = updateFromResponse(response(), { payment_currency: "EUR" })
  it("applies a forward move in full", () => {
    expect(mergeUpdate({ status: "pending", transaction_id: null }, completed)).toMatchObject({
      status: "completed",
      transaction_id: "PO123",
    })
  })
  it("ignores a late PENDING after COMPLETED (out of order)", () => {
    const late = updateFromResponse(response({ status: "PENDING", transaction_id: "OTHER" }), {
      payment_currency: "EUR",
    })
    expect(mergeUpdate({ status: "completed", transaction_id: "PO123" }, late)).toBeNull()
  })
  it("ignores a FAILED after COMPLETED", () => {
    const failed = updateFromResponse(response({ status: "FAILED", failure_reason: "x" }), { payment_currency: "EUR" })
    expect(mergeUpdate({ status: "completed" }, failed)).toBeNull()
  })
  it("fills in only empty fields on a duplicate of the final status", () => {
    const patch = mergeUpdate({ status: "completed", transaction_id: "PO123", fee_amount: null }, completed)
    expect(patch).toMatchObject({ fee_amount: "1.50" })
    expect(patch).not.toHaveProperty("transaction_id")
    expect(patch).not.toHaveProperty("status")
    expect(mergeUpdate({ ...completed }, completed)).toBeNull()
  })
})

describe("updateFromError", () => {
  it("fails the payout when the gateway refused it", () => {
    const u = updateFromError(
      new GatewayApiError("invalid beneficiary", {
        code: "I0002",
        source: "beneficiary.bank_details.iban",
        status: 400,
      }),
    )
    expect(u).toEqual({
      status: "failed",
      failure_type: "I0002",
      failure_reason: "invalid beneficiary (beneficiary.bank_details.iban)",
    })
    expect(
      updateFromError(new GatewayRequestError("payment_amount: must be…", { source: "payment_amount" })).status,
    ).toBe("failed")
  })
  it("keeps the payout open when the outcome is unknown", () => {
    for (const e of [
      new GatewayTimeoutError("timed out"),
      new GatewayNetworkError("ECONNRESET"),
      new GatewayApiError("system", { code: "S0001", status: 503 }),
      new Error("boom"),
    ]) {
      const u = updateFromError(e)
      expect(u.status).toBe("processing")
      expect(u.failure_type).toBe(OUTCOME_UNKNOWN)
      expect(u.failure_reason).toMatch(/same request_id/)
    }
  })
})

describe("notification checks", () => {
  it("refuses signed fields that contradict the payout", () => {
    const p = { transaction_id: "PO123", payment_currency: "EUR" }
    const ok = { order_status: "1" }
    expect(checkNotificationMatches(p, { ...ok, transaction_id: "PO123", currency: "EUR" })).toBeNull()
    expect(checkNotificationMatches(p, { ...ok, transaction_id: "", currency: "" })).toBeNull()
    expect(checkNotificationMatches(p, { ...ok, transaction_id: "PO999" })).toMatch(/transaction_id/)
    expect(checkNotificationMatches(p, { ...ok, currency: "USD" })).toMatch(/currency/)
    expect(
      checkNotificationMatches({ transaction_id: null, payment_currency: "EUR" }, { ...ok, transaction_id: "PO1" }),
    ).toBeNull()
    const stored = { ...p, payment_amount: 100, raw_payment_amount: { value: "100.5" } }
    expect(checkNotificationMatches(stored, { ...ok, amount: "100.50" })).toBeNull()
    expect(checkNotificationMatches(stored, { ...ok, amount: "1000.50" })).toMatch(/amount/)
    // Only the record comparison can be switched off (payouts.check_notification_fields).
    expect(checkNotificationMatches(p, { ...ok, currency: "USD" }, false)).toBeNull()
  })
  it("refuses a status the signed order_status does not back", () => {
    const p = { transaction_id: "PO123", payment_currency: "EUR" }
    expect(checkNotificationMatches(p, { order_status: "1", status: "COMPLETED" })).toBeNull()
    expect(checkNotificationMatches(p, { order_status: "0", status: "FAILED" })).toBeNull()
    expect(checkNotificationMatches(p, { order_status: "0", status: "COMPLETED" })).toMatch(/order_status/)
    expect(checkNotificationMatches(p, { order_status: "1", status: "FAILED" })).toMatch(/order_status/)
    // A payout notification must carry a payout's order_status, whatever the options say.
    expect(checkNotificationMatches(p, { status: "COMPLETED" }, false)).toMatch(/order_status/)
    expect(checkNotificationMatches(p, { order_status: "-2", status: "COMPLETED" }, false)).toMatch(/order_status/)
  })
  it("parses the gateway's offset timestamps", () => {
    expect(parseGatewayTimestamp("2024-01-02T03:04:05-0130")?.toISOString()).toBe("2024-01-02T04:34:05.000Z")
    expect(parseGatewayTimestamp("nope")).toBeUndefined()
    expect(parseGatewayTimestamp("")).toBeUndefined()
  })
})
