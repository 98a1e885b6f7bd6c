import { model } from "@medusajs/framework/utils"

/**
 * A verified signature bound to the first delivery that carried it: the gateway signs only some
 * fields, so a later delivery with the same signature and other fields is not the gateway's.
 * The signature is kept as a hash (it is only compared).
 */
export const NotificationSeal = model
  .define("acquiring_notification_seal", {
    id: model.id({ prefix: "agseal" }).primaryKey(),
    signature_hash: model.text().unique(),
    digest: model.text(),
  })
  .indexes([{ on: ["created_at"] }])
