import { Table } from "@medusajs/ui"

interface Props {
  count: number
  pageSize: number
  page: number
  setPage: (update: (page: number) => number) => void
}

/** Medusa's table pagination for a zero-based page index over `count` rows. */
export const Pager = ({ count, pageSize, page, setPage }: Props) => {
  const pageCount = Math.max(1, Math.ceil(count / pageSize))
  return (
    <Table.Pagination
      count={count}
      pageSize={pageSize}
      pageIndex={page}
      pageCount={pageCount}
      canPreviousPage={page > 0}
      canNextPage={page + 1 < pageCount}
      previousPage={() => setPage((p) => Math.max(0, p - 1))}
      nextPage={() => setPage((p) => p + 1)}
    />
  )
}
