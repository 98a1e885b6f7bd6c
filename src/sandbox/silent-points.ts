import { z } from "zod"
import { ENCODINGS, type Encoding } from "../gateway/operations-table"

/**
 * Where the spec is silent about a request's shape (§4.1, §4.2, §4.9, §4.3/§4.8): strict mode takes every
 * plausible reading and records which it got; only a `pin` makes it stricter.
 */
export const SILENT_POINTS = [
  "xml_request_root",
  "authorise_encoding",
  "payout_encoding",
  "retrieval_selection",
] as const
export type SilentPoint = (typeof SILENT_POINTS)[number]

export const RETRIEVALS = ["retrievalTrans", "retrievalRefund"] as const
export type Retrieval = (typeof RETRIEVALS)[number]

/** The engine's orders/trades (the plugin's default), the spec's field names, and their plurals. */
export const SELECTION_NAMINGS = {
  orders_trades: { orders: "orders", trades: "trades" },
  order_no_transaction_id: { orders: "order_no", trades: "transaction_id" },
  order_nos_transaction_ids: { orders: "order_nos", trades: "transaction_ids" },
} as const
export type SelectionNaming = keyof typeof SELECTION_NAMINGS
export const SELECTION_NAMING_NAMES = Object.keys(SELECTION_NAMINGS) as SelectionNaming[]

export const PAYOUT_ENCODINGS = ["json", "form"] as const satisfies readonly Encoding[]

const XmlName = z.string().regex(/^[A-Za-z_][\w.-]*$/, "must be an XML element name")
export { XmlName }

const Naming = z.enum(SELECTION_NAMING_NAMES as [SelectionNaming, ...SelectionNaming[]])

/** Unknown keys are refused, so a misspelt pin cannot silently pin nothing. */
export const SandboxPins = z
  .object({
    xml_request_root: XmlName.optional(),
    authorise_encoding: z.enum(ENCODINGS).optional(),
    payout_encoding: z.enum(PAYOUT_ENCODINGS).optional(),
    retrieval_selection: z
      .union([Naming, z.object({ retrievalTrans: Naming.optional(), retrievalRefund: Naming.optional() }).strict()])
      .optional(),
  })
  .strict()
export type SandboxPins = z.infer<typeof SandboxPins>

export interface ResolvedPins {
  xml_request_root: string | null
  authorise_encoding: Encoding | null
  payout_encoding: Encoding | null
  retrieval_selection: Record<Retrieval, SelectionNaming | null>
}

export function resolvePins(pin: SandboxPins, xml_request_root: string | undefined): ResolvedPins {
  const selection = pin.retrieval_selection
  const perRetrieval =
    typeof selection === "string" || selection === undefined
      ? { retrievalTrans: selection ?? null, retrievalRefund: selection ?? null }
      : { retrievalTrans: selection.retrievalTrans ?? null, retrievalRefund: selection.retrievalRefund ?? null }
  return {
    xml_request_root: pin.xml_request_root ?? xml_request_root ?? null,
    authorise_encoding: pin.authorise_encoding ?? null,
    payout_encoding: pin.payout_encoding ?? null,
    retrieval_selection: perRetrieval,
  }
}

export interface HeardReading {
  point: SilentPoint
  reading: string
  /** false: pinned, or outside the plausible readings. */
  taken: boolean
}

export interface ReceivedReading {
  point: SilentPoint
  operation: string
  reading: string
  /** For a selection, "refused" means ignored. */
  taken: number
  refused: number
  first_at: string
  last_at: string
}

export class ReadingsLog {
  private readonly seen = new Map<string, ReceivedReading>()
  private static readonly MAX = 1_000

  record(operation: string, heard: HeardReading, at: number): void {
    const reading = heard.reading.length > 100 ? `${heard.reading.slice(0, 100)}…` : heard.reading
    const key = `${heard.point}\u0000${operation}\u0000${reading}`
    let entry = this.seen.get(key)
    const iso = new Date(at).toISOString()
    if (!entry) {
      // XML roots are the client's to choose: past MAX distinct readings, new ones are counted under "…".
      if (this.seen.size >= ReadingsLog.MAX && reading !== "…")
        return this.record(operation, { ...heard, reading: "…" }, at)
      entry = { point: heard.point, operation, reading, taken: 0, refused: 0, first_at: iso, last_at: iso }
      this.seen.set(key, entry)
    }
    if (heard.taken) entry.taken++
    else entry.refused++
    entry.last_at = iso
  }

  list(): ReceivedReading[] {
    return [...this.seen.values()].map((e) => ({ ...e }))
  }
}

/** What GET /__sandbox/readings and sb.inspect.readings() answer. */
export interface ReadingsView {
  mode: "strict" | "lenient"
  /** Per silent point: the readings this sandbox takes ("any": every XML root) and its pin (null: none). */
  points: {
    xml_request_root: { accepts: string[] | "any"; pinned: string | null }
    authorise_encoding: { accepts: Encoding[]; pinned: Encoding | null }
    payout_encoding: { accepts: Encoding[]; pinned: Encoding | null }
    retrieval_selection: {
      accepts: Record<Retrieval, SelectionNaming[]>
      pinned: Record<Retrieval, SelectionNaming | null>
    }
  }
  /** What was received, one entry per point, operation and reading. */
  received: ReceivedReading[]
}

interface ViewOptions {
  lenient: boolean
  pin: ResolvedPins
  accepted_encodings: Record<"authorise" | "payout", Encoding[]>
}

/** The selection naming a strict sandbox takes on `op` (null: every naming); lenient ignores pins. */
export const selectionPin = (o: { lenient: boolean; pin: ResolvedPins }, op: Retrieval): SelectionNaming | null =>
  o.lenient ? null : o.pin.retrieval_selection[op]

export function readingsView(o: ViewOptions, log: ReadingsLog): ReadingsView {
  const any = o.lenient
  const encodings = (op: "authorise" | "payout") => (any ? [...ENCODINGS] : [...o.accepted_encodings[op]])
  const selection = (op: Retrieval) => {
    const pinned = selectionPin(o, op)
    return pinned ? [pinned] : [...SELECTION_NAMING_NAMES]
  }
  return {
    mode: any ? "lenient" : "strict",
    points: {
      xml_request_root: {
        accepts: any || o.pin.xml_request_root === null ? "any" : [o.pin.xml_request_root],
        pinned: o.pin.xml_request_root,
      },
      authorise_encoding: { accepts: encodings("authorise"), pinned: o.pin.authorise_encoding },
      payout_encoding: { accepts: encodings("payout"), pinned: o.pin.payout_encoding },
      retrieval_selection: {
        accepts: { retrievalTrans: selection("retrievalTrans"), retrievalRefund: selection("retrievalRefund") },
        pinned: { ...o.pin.retrieval_selection },
      },
    },
    received: log.list(),
  }
}
