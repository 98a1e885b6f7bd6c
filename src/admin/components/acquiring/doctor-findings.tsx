import { Badge, CodeBlock, Text } from "@medusajs/ui"
import type { CredentialCheck } from "../../lib/acquiring-api"

type Diagnosis = NonNullable<CredentialCheck["diagnoses"]>[number]

export const DoctorFindings = ({ diagnosis }: { diagnosis: Diagnosis }) => (
  <div className="flex flex-col gap-y-2">
    <Text size="small" weight="plus">
      Doctor{diagnosis.checkout ? " (with a 1.00 test checkout and its cancel)" : ""}
      {diagnosis.unknown_order_reading ? ` · unknown orders: ${diagnosis.unknown_order_reading}` : ""}
    </Text>
    <ul className="flex flex-col gap-y-1">
      {diagnosis.findings.map((f, i) => (
        <li key={`${f.check}-${f.account_id ?? ""}-${i}`} className="flex items-start gap-x-2">
          <Badge size="2xsmall" color={f.ok ? "green" : "red"}>
            {f.ok ? "ok" : "fix"}
          </Badge>
          <Text size="small" className="text-ui-fg-subtle">
            {f.check}: {f.saw}
          </Text>
        </li>
      ))}
    </ul>
    {diagnosis.option_lines.length > 0 && (
      <div className="flex flex-col gap-y-1">
        <Text size="small">Put these lines in the acquiring provider&apos;s options in medusa-config.ts:</Text>
        <CodeBlock
          snippets={[{ label: "medusa-config.ts", language: "javascript", code: diagnosis.option_lines.join("\n") }]}
        >
          <CodeBlock.Body />
        </CodeBlock>
      </div>
    )}
  </div>
)
