import { z } from "zod"
import { NOTIFICATION_HOOKS, NOTIFICATION_VERDICTS } from "../../../../modules/acquiring/models/notification"
import { Paging, SearchText, When } from "../list-params"

/** A notification row's id (the books module's prefix). */
export const NotificationId = z.string().regex(/^agntf_[0-9A-Za-z]+$/, "must be a notification id (agntf_…)")

/** GET /admin/acquiring/notifications: the Notifications page's search and paging. */
export const AdminListNotifications = z
  .object({
    /** Part of the order number, any case (the admin pastes what the shopper or the portal shows). */
    order_no: SearchText(64).optional(),
    /** The kind the body declared: payment, review, refund, dispute, payout. */
    notify_type: SearchText(32).optional(),
    verdict: z.enum(NOTIFICATION_VERDICTS).optional(),
    hook: z.enum(NOTIFICATION_HOOKS).optional(),
    created_after: When.optional(),
    created_before: When.optional(),
    ...Paging,
  })
  .strict()
export type AdminListNotifications = z.infer<typeof AdminListNotifications>

/** Path params of one notification (and of its "process again"). */
export const AdminNotificationParams = z.object({ id: NotificationId })
