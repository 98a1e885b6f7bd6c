import { z } from "zod"
import { ProviderId } from "../../validators"

export const AdminCheckAddress = z
  .object({
    provider_id: ProviderId.optional(),
    /** Another address of the notify route (behind another host name); the provider's when absent. */
    url: z
      .string()
      .max(2000)
      .url("must be an absolute URL")
      .refine((u) => /^https?:\/\//i.test(u), "must be an http or https URL")
      .optional(),
  })
  .strict()
export type AdminCheckAddress = z.infer<typeof AdminCheckAddress>
