import type { MedusaContainer } from "@medusajs/framework/types"
import type { BulkOperation } from "./plan"
import type { BulkItem, BulkOptions, BulkReport } from "./types"
import { BULK_WORKFLOWS } from "./workflows"

export type { BulkItem, BulkItemResult, BulkOptions, BulkReport } from "./types"
export { refundMarker } from "./items"
export { gatewayEntry } from "./steps/send-bulk-batch"

export async function runBulk(
  container: MedusaContainer,
  op: BulkOperation,
  items: BulkItem[],
  opts: BulkOptions = {},
): Promise<BulkReport> {
  const { result } = await BULK_WORKFLOWS[op](container).run({ input: { ...opts, items } })
  return result as BulkReport
}
