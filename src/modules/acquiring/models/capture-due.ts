import { model } from "@medusajs/framework/utils"

/** Due captures, swept together: orders fulfilled together share gateway requests; no sweep scans payments. */
export const CaptureDue = model.define("acquiring_capture_due", {
  id: model.id({ prefix: "agcap" }).primaryKey(),
  order_id: model.text().unique(),
})
