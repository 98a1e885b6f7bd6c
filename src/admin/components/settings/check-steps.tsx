import { StatusBadge, Text } from "@medusajs/ui"
import type { CheckResult } from "../../lib/settings-api"

export const CheckSteps = ({ check, title }: { check: CheckResult; title: string }) => (
  <div className="flex flex-col gap-y-2" data-testid="settings-check">
    <Text size="small" weight="plus">
      {title}
    </Text>
    {check.steps.length === 0 && (
      <Text size="small" className="text-ui-fg-subtle">
        No check steps ran.
      </Text>
    )}
    {check.steps.map((s, i) => (
      <div key={`${s.name}-${i}`} className="flex items-start gap-x-3">
        <StatusBadge color={s.ok ? "green" : "red"} className="shrink-0">
          {s.ok ? "passed" : "failed"}
        </StatusBadge>
        <div className="flex flex-col">
          <Text size="small" weight="plus">
            {s.name}
          </Text>
          <Text size="small" className={s.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}>
            {s.message}
          </Text>
        </div>
      </div>
    ))}
  </div>
)
