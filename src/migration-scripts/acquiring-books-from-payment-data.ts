import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { moveToBooks } from "../lib/acquiring/books/from-payment-data"

/** Run once by `medusa db:migrate`: an upgrade from 0.1.0 gets its gateway orders and disputes into the books. */
export default async function acquiringBooksFromPaymentData({ container }: { container: MedusaContainer }) {
  const moved = await moveToBooks(container)
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(
      `acquiring: books filled from payment data: ${moved.payments} payments, ${moved.gateway_orders} gateway orders, ${moved.disputes} disputes`,
    )
}
