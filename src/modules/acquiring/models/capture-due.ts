import { model } from "@medusajs/framework/utils"

/**
 * An order whose fulfillment asks for its capture (capture_mode on_fulfillment), until a sweep has
 * captured it. Fulfillment events write one row each; one sweep at a time captures every due order
 * in gateway requests of ≤ 50 and removes their rows, so orders fulfilled together share requests
 * and no sweep scans Medusa's payments.
 */
export const CaptureDue = model.define("acquiring_capture_due", {
  id: model.id({ prefix: "agcap" }).primaryKey(),
  order_id: model.text().unique(),
})
