import { asValue } from "@medusajs/framework/awilix"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createMedusaContainer } from "@medusajs/framework/utils"
import type { NotifyReply } from "../../../../../lib/acquiring/notifications/replies"
import type { NotifyInput } from "../../../../../lib/acquiring/notifications/types"
import { processNotificationWorkflow } from "../../process-notification"

/** A Medusa container holding only the given fakes: the workflow engine runs steps in a copy of it. */
export function containerOf(table: Record<string, unknown>): MedusaContainer {
  const container = createMedusaContainer()
  for (const [key, value] of Object.entries(table)) container.register(key, asValue(value))
  return container
}

/** The notify hook's handling: the workflow its route runs, its result the answer. */
export async function handleNotification(scope: MedusaContainer, input: NotifyInput): Promise<NotifyReply> {
  const { result } = await processNotificationWorkflow(scope).run({ input })
  return result
}
