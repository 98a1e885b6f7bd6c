import { Link } from "react-router-dom"

const PAGES = [
  ["/acquiring", "Overview"],
  ["/acquiring/awaiting-capture", "Awaiting capture"],
  ["/acquiring/unmatched", "Unmatched payments"],
  ["/acquiring/notifications", "Notifications"],
] as const

export const PagesNav = ({ here }: { here: string }) => (
  <div className="mt-1 flex gap-x-4 text-sm">
    {PAGES.filter(([to]) => to !== here).map(([to, label]) => (
      <Link key={to} className="text-ui-fg-interactive" to={to}>
        {label}
      </Link>
    ))}
  </div>
)
