import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import type { TrackedDispute } from "../../../lib/acquiring/disputes"
import { saveDisputeStep, type SaveDisputeInput } from "./steps/save-dispute"

export const recordDisputeWorkflowId = "acquiring-record-dispute"

/** Events of this plugin about disputes; data: {@link DisputeEventData}. */
export const DISPUTE_EVENTS = {
  OPENED: "acquiring.dispute.opened",
  CLOSED: "acquiring.dispute.closed",
} as const

export interface DisputeEventData {
  order_id: string | null
  payment_id: string
  dispute: TrackedDispute
}

export interface RecordDisputeInput extends SaveDisputeInput {
  opened: DisputeEventData[]
  closed: DisputeEventData[]
}

/** Medusa emits a workflow's events only once it succeeded, so no event goes out for unwritten data. */
export const recordDisputeWorkflow = createWorkflow(recordDisputeWorkflowId, (input: RecordDisputeInput) => {
  saveDisputeStep(input)
  emitEventStep({ eventName: DISPUTE_EVENTS.OPENED, data: input.opened }).config({
    name: "emit-acquiring-dispute-opened",
  })
  emitEventStep({ eventName: DISPUTE_EVENTS.CLOSED, data: input.closed }).config({
    name: "emit-acquiring-dispute-closed",
  })
  return new WorkflowResponse(input.payment_id)
})
