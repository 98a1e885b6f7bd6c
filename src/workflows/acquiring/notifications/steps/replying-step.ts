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

/** What a step found before a child workflow: the answer already, or what the child is to record. */
export type Found<T> = { reply: NotifyReply; next?: undefined } | { reply?: undefined; next: T }

/** As {@link replyingStep}, for a step that decides what its workflow's child records. */
export const findingStep = <I, T>(name: string, find: (container: MedusaContainer, input: I) => Promise<Found<T>>) =>
  createStep(name, async (input: I, { container }) => {
    try {
      return new StepResponse<Found<T>>(await find(container, input))
    } catch (e) {
      return new StepResponse<Found<T>>({ reply: replyFor(e) })
    }
  })

/** A child workflow that failed undid itself; its failure answers 503, so the gateway sends it again. */
export const TRY_AGAIN: NotifyReply = replyFor(undefined)
