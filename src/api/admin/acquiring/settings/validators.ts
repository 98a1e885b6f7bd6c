import { z } from "zod"

/**
 * POST /admin/acquiring/settings/test-credentials: one provider config, default all. `checkout` adds the
 * doctor's 1.00 test checkout and its cancel (test mode only; refused for a live config).
 */
export const AdminTestCredentials = z
  .object({ config_id: z.string().min(1).optional(), checkout: z.boolean().optional() })
  .strict()
export type AdminTestCredentials = z.infer<typeof AdminTestCredentials>

/** POST /admin/acquiring/settings/:provider_id: the values are validated against MerchantSettings by the save. */
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
