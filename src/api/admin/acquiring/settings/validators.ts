import { z } from "zod"

/** POST /admin/acquiring/settings/test-credentials: one provider config, default all. */
export const AdminTestCredentials = z.object({ config_id: z.string().min(1).optional() }).strict()
export type AdminTestCredentials = z.infer<typeof AdminTestCredentials>
