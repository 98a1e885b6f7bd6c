import { z } from "zod"

/** One provider config, default all; `checkout` adds a test checkout (test mode only). */
export const AdminTestCredentials = z
  .object({ config_id: z.string().min(1).optional(), checkout: z.boolean().optional() })
  .strict()
export type AdminTestCredentials = z.infer<typeof AdminTestCredentials>

/** The save validates the values against MerchantSettings. */
export const AdminSaveSettings = z
  .object({
    values: z.record(z.string(), z.unknown()),
    save_anyway: z.boolean().optional(),
    confirm_live: z.boolean().optional(),
  })
  .strict()
export type AdminSaveSettings = z.infer<typeof AdminSaveSettings>

export const AdminRestoreSettings = z
  .object({ version: z.number().int().positive(), save_anyway: z.boolean().optional() })
  .strict()
export type AdminRestoreSettings = z.infer<typeof AdminRestoreSettings>
