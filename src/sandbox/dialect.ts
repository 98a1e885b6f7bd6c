import type { Encoding, Operation } from "../gateway/operations-table"
import { GATEWAY_PROFILES } from "../gateway/profile"
import type { NotificationDialect } from "../gateway/schemas/notification"
import type { SandboxDialectPreset, SandboxReadings } from "./options"
import { resolvePins, type ResolvedPins, type SandboxPins } from "./silent-points"

/**
 * The sandbox's dialect: which readings of the interface's "not shown" parts it plays
 * (docs/sandbox.md, "Dialects"). A dialect is the gateway profile of its name (docs/gateway-profile.md).
 */

/**
 * Request encodings per operation in strict mode: the body type gateway-interface.md §4 documents
 * (checkout XML; retrievals form; batches JSON) and nothing else; where it documents none, every
 * plausible one (silent-points.ts): authorise form, JSON or XML (§4.2 gives no type), payout JSON or
 * form (§4.9: "not stated beyond the examples, which are JSON objects", and §4 says every example is
 * labelled form-urlencoded). The first is the plugin's default. The Content-Type label is not judged.
 */
export const DOCUMENTED_ENCODINGS: Readonly<Record<Operation, readonly Encoding[]>> = {
  checkout: ["xml"],
  authorise: ["form", "json", "xml"],
  retrievalTrans: ["form"],
  capture: ["json"],
  review: ["json"],
  cancel: ["json"],
  refund: ["json"],
  retrievalRefund: ["form"],
  payout: ["json", "form"],
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

/** A dialect's notifications and readings, as the gateway profile of the same name says. */
function presetOf(name: SandboxDialectPreset) {
  const p = GATEWAY_PROFILES[name]
  return {
    notifications: { dialect: p.notification_naming, signature_case: p.notification_signature_case },
    readings: {
      unknown_order: p.unknown_order,
      partial_capture: p.partial_capture,
      payout_amounts: p.payout_amount_unit,
    },
  }
}

/** What a preset means for every sub-option it sets: the gateway profile's values, defined there once. */
export const PRESETS: Readonly<
  Record<
    SandboxDialectPreset,
    {
      notifications: { dialect: NotificationDialect; signature_case: SignatureCase }
      readings: Required<SandboxReadings>
    }
  >
> = { documented: presetOf("documented"), legacy: presetOf("legacy") }

/** The dialect a running sandbox plays, every sub-option resolved (exported as `Sandbox.dialect`). */
export interface ResolvedDialect {
  preset: SandboxDialectPreset
  lenient: boolean
  notifications: { dialect: NotificationDialect; signature_case: SignatureCase }
  readings: Required<SandboxReadings>
  /** Encodings taken per operation in strict mode (lenient: any); pins of the encodings applied. */
  accepted_encodings: Record<Operation, Encoding[]>
  /** Root an XML request must have in strict mode; null: any (the document names none). */
  xml_request_root: string | null
  /** The silent points pinned to one reading (null: every plausible reading is taken). */
  pin: ResolvedPins
}

interface DialectInput {
  lenient: boolean
  dialect: SandboxDialectPreset
  readings: SandboxReadings
  accepted_encodings: Partial<Record<Operation, Encoding[]>>
  xml_request_root?: string
  pin: SandboxPins
  notifications: { dialect?: NotificationDialect; signature_case?: SignatureCase }
}

/** Preset first, explicit sub-options over it. */
export function resolveDialect(o: DialectInput): ResolvedDialect {
  const preset = PRESETS[o.dialect]
  const pin = resolvePins(o.pin, o.xml_request_root)
  const pinned: Partial<Record<Operation, Encoding[]>> = {
    ...(pin.authorise_encoding ? { authorise: [pin.authorise_encoding] } : {}),
    ...(pin.payout_encoding ? { payout: [pin.payout_encoding] } : {}),
  }
  const accepted = Object.fromEntries(
    (Object.keys(DOCUMENTED_ENCODINGS) as Operation[]).map((op) => [
      op,
      [...(o.accepted_encodings[op] ?? pinned[op] ?? DOCUMENTED_ENCODINGS[op])],
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
    xml_request_root: pin.xml_request_root,
    pin,
  }
}
