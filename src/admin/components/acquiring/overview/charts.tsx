import { useNavigate } from "react-router-dom"
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts"
import { Container, Heading } from "@medusajs/ui"
import { listLink, type Overview, type OverviewScope } from "../../../lib/overview-api"

/** The dashboard's own tokens (CSS variables of @medusajs/ui): they follow light and dark mode. */
const C = {
  approved: "var(--tag-green-icon)",
  declined: "var(--tag-red-icon)",
  abandoned: "var(--tag-orange-icon)",
  rate: "var(--tag-blue-icon)",
  grid: "var(--border-base)",
  text: "var(--fg-subtle)",
}
const axis = { stroke: C.text, tick: { fill: C.text, fontSize: 11 } }
const tooltip = {
  contentStyle: { background: "var(--bg-base)", border: "1px solid var(--border-base)", color: "var(--fg-base)" },
  cursor: { fill: "var(--bg-base-hover)" },
}

const Card = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Container className="p-4">
    <Heading level="h2" className="mb-2">
      {title}
    </Heading>
    <div className="h-56">
      <ResponsiveContainer width="100%" height="100%">
        {children as React.ReactElement}
      </ResponsiveContainer>
    </div>
  </Container>
)

export const OverviewCharts = ({ outcomes, scope }: { outcomes: Overview["outcomes"]; scope: OverviewScope }) => {
  const navigate = useNavigate()
  const open = (filter: Record<string, string>) => navigate(listLink(scope, filter))
  const days = outcomes.days.map((d) => ({ ...d, day: d.day.slice(5) }))
  return (
    <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
      <Card title="Payments by day">
        <BarChart data={days}>
          <CartesianGrid stroke={C.grid} vertical={false} />
          <XAxis dataKey="day" {...axis} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} />
          <Legend />
          {(["approved", "declined", "abandoned"] as const).map((k) => (
            <Bar key={k} dataKey={k} stackId="a" fill={C[k]} cursor="pointer" onClick={() => open({ outcome: k })} />
          ))}
        </BarChart>
      </Card>
      <Card title={`Approval rate ${outcomes.approval_rate === null ? "–" : `${outcomes.approval_rate}%`}`}>
        <LineChart data={days}>
          <CartesianGrid stroke={C.grid} vertical={false} />
          <XAxis dataKey="day" {...axis} />
          <YAxis domain={[0, 100]} unit="%" {...axis} />
          <Tooltip {...tooltip} />
          <Line dataKey="approval_rate" name="approval rate" stroke={C.rate} strokeWidth={2} connectNulls dot />
        </LineChart>
      </Card>
      <Card title="Decline reasons">
        <BarChart
          data={outcomes.declines.map((d) => ({ ...d, codes: d.codes.map((c) => c.code || "none").join(", ") }))}
          layout="vertical"
        >
          <CartesianGrid stroke={C.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} {...axis} />
          <YAxis type="category" dataKey="category" width={130} {...axis} />
          <Tooltip
            {...tooltip}
            formatter={(v, _n, p) => [`${v} (codes ${(p.payload as { codes: string }).codes})`, "declined"]}
          />
          <Bar
            dataKey="count"
            name="declined"
            fill={C.declined}
            cursor="pointer"
            onClick={(d) =>
              open({ outcome: "declined", category: String((d as unknown as { category: string }).category) })
            }
          />
        </BarChart>
      </Card>
      <Card title="By method">
        <BarChart data={outcomes.methods}>
          <CartesianGrid stroke={C.grid} vertical={false} />
          <XAxis dataKey="method" {...axis} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} />
          <Legend />
          {(["approved", "declined", "abandoned"] as const).map((k) => (
            <Bar
              key={k}
              dataKey={k}
              fill={C[k]}
              cursor="pointer"
              onClick={(d) => open({ outcome: k, method: String((d as unknown as { method: string }).method) })}
            />
          ))}
        </BarChart>
      </Card>
    </div>
  )
}
