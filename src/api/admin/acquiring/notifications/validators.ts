import { z } from "zod"
import { NOTIFICATION_HOOKS, NOTIFICATION_VERDICTS } from "../../../../modules/acquiring/models/columns"
import { Paging, SearchText, When } from "../list-params"

export const NotificationId = z.string().regex(/^agntf_[0-9A-Za-z]+$/, "must be a notification id (agntf_…)")

export const AdminListNotifications = z
  .object({
    /** Part of the order number, any case. */
    order_no: SearchText(64).optional(),
    notify_type: SearchText(32).optional(),
    verdict: z.enum(NOTIFICATION_VERDICTS).optional(),
    hook: z.enum(NOTIFICATION_HOOKS).optional(),
    created_after: When.optional(),
    created_before: When.optional(),
    ...Paging,
  })
  .strict()
export type AdminListNotifications = z.infer<typeof AdminListNotifications>

export const AdminNotificationParams = z.object({ id: NotificationId })
