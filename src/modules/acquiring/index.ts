import { Module } from "@medusajs/framework/utils"
import AcquiringBooksService from "./service"

/** Registered in the Medusa config's `modules` beside the payment module. */
export const ACQUIRING_BOOKS_MODULE = "acquiring"

export default Module(ACQUIRING_BOOKS_MODULE, { service: AcquiringBooksService })

export { GATEWAY_ORDER_STATES } from "./models/columns"
export type { default as AcquiringBooksService, GatewayOrderDTO, MovementDTO, NotificationDTO } from "./service"
