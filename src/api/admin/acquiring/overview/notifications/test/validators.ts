import { z } from "zod"

export const AdminSendTestNotification = z
  .object({
    provider_id: z
      .string()
      .regex(/^pp_acquiring(-apm)?_[\w-]{1,60}$/, "must be an acquiring provider id")
      .optional(),
    /** Which of the provider's accounts signs it; its first when absent. */
    account_id: z.string().min(1).max(10).optional(),
  })
  .strict()
export type AdminSendTestNotification = z.infer<typeof AdminSendTestNotification>
