import type { ReactNode } from "react"
import { Container, Heading, Text } from "@medusajs/ui"
import { Pager } from "./pager"

interface Props {
  title: string
  level?: "h1" | "h2"
  subtitle: string
  error: unknown
  /** Shown under the table once loaded with no rows. */
  empty?: string
  count: number
  pageSize: number
  page: number
  setPage: (update: (page: number) => number) => void
  children: ReactNode
}

/** A paged list in a card: heading and what it lists, the load error, the table, the pager. */
export const ListCard = ({ title, level = "h1", subtitle, error, empty, children, ...pager }: Props) => (
  <Container className="divide-y p-0">
    <div className="px-6 py-4">
      <Heading level={level}>{title}</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        {subtitle}
      </Text>
    </div>
    {error ? <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text> : null}
    {children}
    {empty && <Text className="px-6 py-4 text-ui-fg-subtle">{empty}</Text>}
    <Pager {...pager} />
  </Container>
)
