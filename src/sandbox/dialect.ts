import type { Encoding, Operation } from "../gateway/operations-table"
import type { NotificationDialect } from "../gateway/schemas/notification"
import type { SandboxDialectPreset, SandboxReadings } from "./options"

/**
 * The sandbox's dialect: which readings of the interface's "not shown" parts it plays
 * (docs/sandbox.md, "Dialects"; docs/assumptions.md, "Sandbox dialects").
 */

/**
 * Request encodings per operation in strict mode: the body type gateway-interface.md §4 documents
 * (checkout XML; retrievals form; batches JSON), payout JSON (its examples), authorise form (no type
 * given: the client's inferred default). The Content-Type label is not judged: the document's own
 * examples label every body form-urlencoded.
 */
export const DOCUMENTED_ENCODINGS: Readonly<Record<Operation, readonly Encoding[]>> = {
  checkout: ["xml"],
  authorise: ["form"],
  retrievalTrans: ["form"],
  capture: ["json"],
  review: ["json"],
  cancel: ["json"],
  refund: ["json"],
  retrievalRefund: ["form"],
  payout: ["json"],
}

/**
 * Content type of each operation's answer as the document gives it (gateway-interface.md §4): checkout
 * "documented as application/xml" (the body is the loading page), authorise an XML document, the rest
 * JSON (payout: its examples). Failed requests answer JSON {code, source, message} everywhere.
 */
export const DOCUMENTED_ANSWER_TYPES: Readonly<Record<Operation, string>> = {
  checkout: "application/xml",
  authorise: "application/xml",
  retrievalTrans: "application/json",
  capture: "application/json",
  review: "application/json",
  cancel: "application/json",
  refund: "application/json",
  retrievalRefund: "application/json",
  payout: "application/json",
}

export type SignatureCase = "upper" | "lower"

/** What a preset means for every sub-option it sets. Partial capture is allowed in both. */
export const PRESETS: Readonly<
  Record<
    SandboxDialectPreset,
    {
      notifications: { dialect: NotificationDialect; signature_case: SignatureCase }
      readings: Required<SandboxReadings>
    }
  >
> = {
  documented: {
    notifications: { dialect: "snake_case", signature_case: "upper" },
    readings: { unknown_order: "absent", partial_capture: "allowed", payout_amounts: "minor" },
  },
  legacy: {
    notifications: { dialect: "legacy", signature_case: "lower" },
    readings: { unknown_order: "query_result_2", partial_capture: "allowed", payout_amounts: "major" },
  },
}

/** The dialect a running sandbox plays, every sub-option resolved (exported as `Sandbox.dialect`). */
export interface ResolvedDialect {
  preset: SandboxDialectPreset
  lenient: boolean
  notifications: { dialect: NotificationDialect; signature_case: SignatureCase }
  readings: Required<SandboxReadings>
  /** Encodings taken per operation in strict mode (lenient: any). */
  accepted_encodings: Record<Operation, Encoding[]>
  xml_request_root: string
}

interface DialectInput {
  lenient: boolean
  dialect: SandboxDialectPreset
  readings: SandboxReadings
  accepted_encodings: Partial<Record<Operation, Encoding[]>>
  xml_request_root: string
  notifications: { dialect?: NotificationDialect; signature_case?: SignatureCase }
}

/** Preset first, explicit sub-options over it. */
export function resolveDialect(o: DialectInput): ResolvedDialect {
  const preset = PRESETS[o.dialect]
  const accepted = Object.fromEntries(
    (Object.keys(DOCUMENTED_ENCODINGS) as Operation[]).map((op) => [
      op,
      [...(o.accepted_encodings[op] ?? DOCUMENTED_ENCODINGS[op])],
    ]),
  ) as Record<Operation, Encoding[]>
  return {
    preset: o.dialect,
    lenient: o.lenient,
    notifications: {
      dialect: o.notifications.dialect ?? preset.notifications.dialect,
      signature_case: o.notifications.signature_case ?? preset.notifications.signature_case,
    },
    readings: {
      unknown_order: o.readings.unknown_order ?? preset.readings.unknown_order,
      partial_capture: o.readings.partial_capture ?? preset.readings.partial_capture,
      payout_amounts: o.readings.payout_amounts ?? preset.readings.payout_amounts,
    },
    accepted_encodings: accepted,
    xml_request_root: o.xml_request_root,
  }
}
