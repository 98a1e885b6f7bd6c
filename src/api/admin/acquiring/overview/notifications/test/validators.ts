import { z } from "zod"
import { ProviderId } from "../../validators"

export const AdminSendTestNotification = z
  .object({
    provider_id: ProviderId.optional(),
    /** Which of the provider's accounts signs it; its first when absent. */
    account_id: z.string().min(1).max(10).optional(),
  })
  .strict()
export type AdminSendTestNotification = z.infer<typeof AdminSendTestNotification>
