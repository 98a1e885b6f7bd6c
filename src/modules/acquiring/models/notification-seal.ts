import { model } from "@medusajs/framework/utils"

/** The gateway signs only some fields, so its signature with other fields is not the gateway's. */
export const NotificationSeal = model
  .define("acquiring_notification_seal", {
    id: model.id({ prefix: "agseal" }).primaryKey(),
    signature_hash: model.text().unique(),
    digest: model.text(),
  })
  .indexes([{ on: ["created_at"] }])
