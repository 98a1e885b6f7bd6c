import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { ORPHAN_SETTLED_EVENT, type OrphanOutcome, type OrphanPlan } from "../../../lib/acquiring/books/orphan"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { lookUpOrphanStep, type SettleOrphanInput } from "./steps/look-up-orphan"
import { moveOrphanMoneyStep } from "./steps/move-orphan-money"
import { recordMovementsStep } from "./steps/record-movements"
import { updateGatewayOrderStep } from "./steps/update-gateway-order"

export const SETTLE_ORPHAN_WORKFLOW = "acquiring-settle-orphan"

/**
 * A gateway order of no live session, under its lock: looked up afresh, then voided or refunded,
 * recorded, marked settled and announced; or closed, reported or left to wait. Money a live Medusa
 * payment carries is never moved here. A gateway failure fails the run (the caller answers 503).
 */
export const settleOrphanWorkflow = createWorkflow(SETTLE_ORPHAN_WORKFLOW, (input: WorkflowData<SettleOrphanInput>) => {
  const key = transform({ input }, ({ input }) => LOCK_KEYS.gatewayOrder(input.order_no))
  acquireLockStep({ key, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
  const plan = lookUpOrphanStep(input)
  when({ plan }, ({ plan }) => plan.kind === "update").then(() => {
    updateGatewayOrderStep(transform({ plan }, ({ plan }) => (plan.kind === "update" ? plan : { id: "", data: {} })))
  })
  const moved = when("acquiring-orphan-money-moved", { plan }, ({ plan }) => plan.kind === "move").then(() => {
    const done = moveOrphanMoneyStep(transform({ plan }, ({ plan }) => plan as Extract<OrphanPlan, { kind: "move" }>))
    recordMovementsStep(done.movements)
    updateGatewayOrderStep(done.update).config({ name: "acquiring-mark-orphan-settled" })
    emitEventStep({ eventName: ORPHAN_SETTLED_EVENT, data: done.event })
    return done
  })
  releaseLockStep({ key, executeOnSubWorkflow: true })
  const outcome = transform({ plan, moved }, ({ plan, moved }): OrphanOutcome => {
    if (plan.kind === "move") return moved!.outcome
    return plan.outcome
  })
  return new WorkflowResponse(outcome)
})
