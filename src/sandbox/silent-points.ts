import { z } from "zod"
import { ENCODINGS, type Encoding } from "../gateway/operations-table"

/**
 * The points where the interface document is silent about what a request looks like (docs/sandbox.md,
 * "Silent points"). Strict mode takes every plausible reading of each, records which one it received
 * (request log, GET /__sandbox/readings, sb.inspect.readings()), and plays a stricter gateway only where
 * the `pin` option fixes one reading.
 *
 * - xml_request_root: §4.1 says the checkout body is XML and names no root element (any name).
 * - authorise_encoding: §4.2 gives no body type at all (form, JSON or XML).
 * - payout_encoding: §4.9 "not stated beyond the examples, which are JSON objects"; the examples are
 *   labelled form-urlencoded (§4), so JSON or form.
 * - retrieval_selection: §4.3/§4.8 "Parameters that select which orders are returned: not shown"
 *   (the engine's orders/trades, or the document's own names of those values, singular or plural).
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

/**
 * Field names a retrieval may select with: order numbers and transaction ids, each a comma-separated
 * list (or an array). The engine's `orders`/`trades` (the plugin's default), the names the document
 * gives those values in every record and entry (§2.5–2.7), and their plurals.
 */
export const SELECTION_NAMINGS = {
  orders_trades: { orders: "orders", trades: "trades" },
  order_no_transaction_id: { orders: "order_no", trades: "transaction_id" },
  order_nos_transaction_ids: { orders: "order_nos", trades: "transaction_ids" },
} as const
export type SelectionNaming = keyof typeof SELECTION_NAMINGS
export const SELECTION_NAMING_NAMES = Object.keys(SELECTION_NAMINGS) as SelectionNaming[]

/** Encodings the payout body may plausibly have: its examples' JSON, or the form its examples are labelled. */
export const PAYOUT_ENCODINGS = ["json", "form"] as const satisfies readonly Encoding[]

const XmlName = z.string().regex(/^[A-Za-z_][\w.-]*$/, "must be an XML element name")
export { XmlName }

const Naming = z.enum(SELECTION_NAMING_NAMES as [SelectionNaming, ...SelectionNaming[]])

/**
 * `pin`: play a gateway that takes only one reading of a silent point. Unset points take every
 * plausible reading. Unknown keys are refused, so a misspelt pin cannot silently pin nothing.
 */
export const SandboxPins = z
  .object({
    xml_request_root: XmlName.optional(),
    authorise_encoding: z.enum(ENCODINGS).optional(),
    payout_encoding: z.enum(PAYOUT_ENCODINGS).optional(),
    /** One naming for both retrievals, or one per retrieval. */
    retrieval_selection: z
      .union([Naming, z.object({ retrievalTrans: Naming.optional(), retrievalRefund: Naming.optional() }).strict()])
      .optional(),
  })
  .strict()
export type SandboxPins = z.infer<typeof SandboxPins>

/** The pins in force, one value per point (null: every plausible reading is taken). */
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
    // The top-level xml_request_root (kept for existing configurations) pins the root as pin.xml_request_root does.
    xml_request_root: pin.xml_request_root ?? xml_request_root ?? null,
    authorise_encoding: pin.authorise_encoding ?? null,
    payout_encoding: pin.payout_encoding ?? null,
    retrieval_selection: perRetrieval,
  }
}

/** One reading of a silent point as one request carried it. */
export interface HeardReading {
  point: SilentPoint
  /** The root name, the encoding, or the selection naming received. */
  reading: string
  /** false: the sandbox (pinned, or outside the plausible readings) did not take it. */
  taken: boolean
}

export interface ReceivedReading {
  point: SilentPoint
  operation: string
  reading: string
  /** Requests that carried it and were taken on this point / refused (or, for a selection, ignored) on it. */
  taken: number
  refused: number
  first_at: string
  last_at: string
}

/** Every reading received since the start, counted per point, operation and reading (bounded by their variety). */
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
