import { Badge, Heading, Text } from "@medusajs/ui"
import { compactDate, type PresentedPayment } from "../../lib/acquiring-api"
import { FraudChecks } from "./fraud-checks"

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="flex justify-between gap-x-4">
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="small" className="break-all text-right">
      {value}
    </Text>
  </div>
)

export const PaymentCard = ({ p }: { p: PresentedPayment }) => (
  <div className="flex flex-col gap-y-2 px-6 py-4">
    <Row label="Transaction id" value={p.transaction_id ?? "—"} />
    <Row label="Order no (gateway)" value={p.order_no ?? "—"} />
    <Row label="Amount" value={`${p.amount} ${p.currency}`} />
    <Row
      label="Gateway status"
      value={p.gateway ? `${p.gateway.status} (${p.gateway.payment_status ?? "—"})` : "unknown"}
    />
    <Row label="Captured / refunded in Medusa" value={`${p.medusa.captured} / ${p.medusa.refunded}`} />
    <div className="flex justify-between">
      <Text size="small" className="text-ui-fg-subtle">
        3-D Secure
      </Text>
      <Badge size="2xsmall" color={p.gateway?.is3ds ? "green" : "grey"}>
        {p.gateway ? (p.gateway.is3ds ? "yes" : "no") : "—"}
      </Badge>
    </div>
    {p.gateway && (
      <div className="flex flex-col gap-y-1">
        <Heading level="h3">
          Fraud checks{p.gateway.antifraud_provider ? ` (${p.gateway.antifraud_provider})` : ""}
        </Heading>
        <FraudChecks
          checks={p.gateway.fraud_check_result.map((f) => ({
            check_items: String(f.check_items),
            status: String(f.status),
          }))}
        />
      </div>
    )}
    <Heading level="h3">Captures</Heading>
    {p.captures.length ? (
      p.captures.map((c) => (
        <Row key={c.id} label={c.source === "medusa" ? "Medusa" : c.source} value={`${c.amount} ${p.currency}`} />
      ))
    ) : (
      <Text size="small" className="text-ui-fg-subtle">
        None
      </Text>
    )}
    <Heading level="h3">Refunds</Heading>
    {p.refunds.length ? (
      p.refunds.map((r) => (
        <Row
          key={r.refund_reference_id}
          label={r.refund_reference_id}
          value={`${r.refund_amount} ${p.currency} · ${r.refund_status === "1" ? "refunded" : r.refund_status === "2" ? "processing" : "failed"} · ${r.medusa_refund_id ? "Medusa" : "portal"} · ${compactDate(r.refund_date)}`}
        />
      ))
    ) : (
      <Text size="small" className="text-ui-fg-subtle">
        None
      </Text>
    )}
  </div>
)
