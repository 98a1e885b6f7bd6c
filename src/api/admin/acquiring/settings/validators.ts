import { z } from "zod"

/**
 * POST /admin/acquiring/settings/test-credentials: one provider config, default all. `checkout` adds the
 * doctor's 1.00 test checkout and its cancel (test mode only; refused for a live config).
 */
export const AdminTestCredentials = z
  .object({ config_id: z.string().min(1).optional(), checkout: z.boolean().optional() })
  .strict()
export type AdminTestCredentials = z.infer<typeof AdminTestCredentials>
