import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createKeptRowsStep } from "./steps/create-kept-rows"
import { findKeptMarksStep } from "./steps/find-kept-marks"

/**
 * An order edit canceled a collection whose authorisation the provider kept (it can mark only the
 * payment's data): the books get its row, which the release and adoption then close.
 */
export const recordKeptAuthorisationsWorkflow = createWorkflow(
  "acquiring-record-kept-authorisations",
  (input: { order_ids: string[] }) => {
    const marks = findKeptMarksStep(input)
    return new WorkflowResponse(createKeptRowsStep(marks))
  },
)
