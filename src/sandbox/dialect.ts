import type { Encoding, Operation } from "../gateway/operations-table"
import { GATEWAY_PROFILES } from "../gateway/profile"
import type { NotificationDialect } from "../gateway/schemas/notification"
import { z } from "zod"
import { resolvePins, type ResolvedPins, type SandboxPins } from "./silent-points"

/** Readings of what the interface leaves "not shown"; unset: from the `dialect` preset. */
export const SandboxReadings = z.object({
  /** retrievalTrans of an unknown order: left out of orders_list, or an entry with query_result 2. */
  unknown_order: z.enum(["absent", "query_result_2"]).optional(),
  /** Capture below the authorised amount: captured (rest released), or refused with A0011. */
  partial_capture: z.enum(["allowed", "refused"]).optional(),
  payout_amounts: z.enum(["major", "minor"]).optional(),
})
export type SandboxReadings = z.infer<typeof SandboxReadings>

export const SandboxDialectPreset = z.enum(["documented", "legacy"])
export type SandboxDialectPreset = z.infer<typeof SandboxDialectPreset>

/**
 * Strict-mode request encodings: the body type the spec §4 documents, or where it names none every
 * plausible one (authorise §4.2, payout §4.9). The first is the plugin's default; Content-Type is not judged.
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

/** Answer content types as the spec §4 gives them; failed requests answer JSON everywhere. */
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

export const PRESETS: Readonly<
  Record<
    SandboxDialectPreset,
    {
      notifications: { dialect: NotificationDialect; signature_case: SignatureCase }
      readings: Required<SandboxReadings>
    }
  >
> = { documented: presetOf("documented"), legacy: presetOf("legacy") }

/** Exported as `Sandbox.dialect`. */
export interface ResolvedDialect {
  preset: SandboxDialectPreset
  lenient: boolean
  notifications: { dialect: NotificationDialect; signature_case: SignatureCase }
  readings: Required<SandboxReadings>
  accepted_encodings: Record<Operation, Encoding[]>
  /** null: any root (the document names none). */
  xml_request_root: string | null
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
