import { Module } from "@medusajs/framework/utils"
import PayoutModuleService from "./service"

export const PAYOUT_MODULE = "payout"

export default Module(PAYOUT_MODULE, { service: PayoutModuleService })

export { PAYOUT_STATUSES, type PayoutStatus } from "./models/payout"
export type { PayoutModuleOptions, PayoutOptions } from "./options"
export type { default as PayoutModuleService } from "./service"
