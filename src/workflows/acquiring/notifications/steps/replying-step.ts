import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { replyFor, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"

/**
 * A step whose failure is its answer: a thrown error becomes the gateway's reply (a refusal keeps its
 * status, anything else 503: send it again) instead of failing the notification's workflow.
 */
export const replyingStep = <I>(name: string, reply: (container: MedusaContainer, input: I) => Promise<NotifyReply>) =>
  createStep(name, async (input: I, { container }) => {
    try {
      return new StepResponse(await reply(container, input))
    } catch (e) {
      return new StepResponse(replyFor(e))
    }
  })
