import { z } from "zod"
import { Currency, PayoutRequest, Uuid } from "../../../../gateway/schemas"
import { PAYOUT_STATUSES } from "../../../../modules/payout/models/payout"
import { Paging, When } from "../list-params"

/** Unknown keys refused at every depth: a mistyped bank field ("ibn") must not be dropped silently. */
function deepStrict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, deepStrict(v as z.ZodType)]))
    return z.strictObject(shape)
  }
  if (schema instanceof z.ZodOptional) return deepStrict(schema.unwrap() as z.ZodType).optional()
  if (schema instanceof z.ZodArray) return z.array(deepStrict(schema.element as z.ZodType))
  return schema
}

const CreateShape = PayoutRequest.extend({
  request_id: Uuid.optional(),
  /** Default: plugin option payouts.account_id, else by currency. */
  account_id: z.string().min(1).max(10).optional(),
})

/** The spec §2.8 without the envelope; request_id generated when absent. */
export const AdminCreatePayout = deepStrict(CreateShape) as unknown as typeof CreateShape
export type AdminCreatePayout = z.infer<typeof AdminCreatePayout>

const Status = z.enum(PAYOUT_STATUSES)
/** `status=a&status=b` or `status=a,b`. */
const StatusList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(Status).min(1),
)
export const AdminListPayouts = z
  .object({
    status: StatusList.optional(),
    currency: z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), Currency).optional(),
    created_after: When.optional(),
    created_before: When.optional(),
    ...Paging,
  })
  .strict()
export type AdminListPayouts = z.infer<typeof AdminListPayouts>
