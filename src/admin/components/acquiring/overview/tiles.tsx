import { Link } from "react-router-dom"
import { Container, Text } from "@medusajs/ui"
import { formatAmounts, listLink, type Overview, type OverviewScope } from "../../../lib/overview-api"

type Tiles = Overview["tiles"]

const TILES: { key: keyof Tiles; label: string; filter: Record<string, string> | string }[] = [
  { key: "volume", label: "Volume (approved)", filter: { outcome: "approved" } },
  { key: "captured", label: "Captured", filter: { tile: "captured" } },
  { key: "refunded", label: "Refunded", filter: { tile: "refunded" } },
  { key: "disputed", label: "Disputed", filter: { tile: "disputed" } },
  { key: "voided", label: "Voided", filter: { tile: "voided" } },
  { key: "settled_orphans", label: "Settled orphans", filter: { tile: "settled_orphans" } },
  { key: "awaiting_capture", label: "Awaiting capture", filter: "/acquiring/awaiting-capture" },
]

export const OverviewTiles = ({ tiles, scope }: { tiles: Tiles; scope: OverviewScope }) => (
  <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
    {TILES.map(({ key, label, filter }) => {
      const t = tiles[key]
      const deadline = key === "awaiting_capture" ? tiles.awaiting_capture.nearest_deadline : null
      return (
        <Link
          key={key}
          to={typeof filter === "string" ? filter : listLink(scope, filter)}
          data-tile={key}
          className="block"
        >
          <Container className="hover:bg-ui-bg-base-hover h-full px-4 py-3">
            <Text size="small" className="text-ui-fg-subtle">
              {label}
            </Text>
            <Text size="xlarge" weight="plus" data-testid={`tile-${key}-count`}>
              {t.count}
            </Text>
            <Text size="small" className="text-ui-fg-base" data-testid={`tile-${key}-amounts`}>
              {formatAmounts(t.amounts)}
            </Text>
            {deadline && (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {`Nearest deadline ${new Date(deadline).toLocaleString()}`}
              </Text>
            )}
          </Container>
        </Link>
      )
    })}
  </div>
)
