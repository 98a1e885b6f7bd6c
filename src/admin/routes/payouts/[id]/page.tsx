import { Link, useParams } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import { Container, Heading, Text } from "@medusajs/ui"
import { PayoutStatusBadge } from "../../../components/payouts/payout-status-badge"
import { getPayout, type AdminPayout } from "../../../lib/payouts-api"

const money = (amount: string | null, currency: string | null) => (amount ? `${amount} ${currency ?? ""}`.trim() : "—")
const when = (v: unknown) => (v ? new Date(String(v)).toLocaleString() : "—")

function rows(p: AdminPayout): Array<[string, string]> {
  return [
    ["Request id", p.request_id],
    ["Gateway status", p.gateway_status ?? "—"],
    // No payout query exists: a status a notification reported cannot be confirmed with the gateway.
    [
      "Status reported by",
      p.status_source === "notification"
        ? "the gateway's notification (no payout query exists to confirm it)"
        : p.status_source === "response"
          ? "the gateway's answer to the payout"
          : "—",
    ],
    ["Amount", money(p.payment_amount, p.payment_currency)],
    ["Source amount", money(p.source_amount, p.source_currency)],
    ["Fee", money(p.fee_amount, p.fee_currency)],
    ["Beneficiary receives", money(p.amount_beneficiary_receives, p.payment_currency)],
    ["Payer pays", money(p.amount_payer_pays, p.source_currency ?? p.payment_currency)],
    ["Fee paid by", p.fee_paid_by ?? "—"],
    ["Payment method", p.payment_method ?? "—"],
    ["Beneficiary", [p.beneficiary.name, p.beneficiary.entity_type].filter(Boolean).join(" · ") || "—"],
    ["Bank", [p.beneficiary.bank_name, p.beneficiary.country].filter(Boolean).join(" · ") || "—"],
    ["Account", p.beneficiary.account ?? "—"],
    ["Account id", p.account_id ?? "—"],
    ["Transaction id", p.transaction_id ?? "—"],
    ["Short reference", p.short_reference_id ?? "—"],
    ["Payer id", p.payer_id ?? "—"],
    ["Reference", p.reference ?? "—"],
    ["Reason", p.reason ?? "—"],
    ["Failure", [p.failure_type, p.failure_reason].filter(Boolean).join(": ") || "—"],
    ["Submitted", when(p.submitted_at)],
    ["Created at gateway", when(p.created_at_gateway)],
    ["Updated at gateway", when(p.last_updated_at_gateway)],
  ]
}

const PayoutDetailPage = () => {
  const { id = "" } = useParams()
  const { data: payout, error } = useQuery({
    queryKey: ["acquiring-payouts", id],
    queryFn: () => getPayout(id),
    // Open payouts settle by notification: look again until final.
    refetchInterval: (q) => (q.state.data && ["pending", "processing"].includes(q.state.data.status) ? 3000 : false),
  })
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex flex-col">
          <Link to="/payouts" className="text-ui-fg-subtle txt-small">
            ← Payouts
          </Link>
          <Heading level="h1">{payout ? money(payout.payment_amount, payout.payment_currency) : "Payout"}</Heading>
        </div>
        {payout && <PayoutStatusBadge status={payout.status} />}
      </div>
      {error && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      {payout &&
        rows(payout).map(([label, value]) => (
          <div key={label} className="grid grid-cols-2 px-6 py-3">
            <Text size="small" weight="plus" className="text-ui-fg-subtle">
              {label}
            </Text>
            <Text size="small">{value}</Text>
          </div>
        ))}
    </Container>
  )
}

export default PayoutDetailPage
