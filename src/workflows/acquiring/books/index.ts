export { booksOf, gatewayOrderLockKey } from "./books"
export { recordCollectionSessions, recordOpenedSessions } from "./record-opened"
export { settleOrphan, ORPHAN_SETTLED_EVENT, type OrphanOutcome } from "./settle-orphan"
export { orphanAction, type OrphanAction } from "./orphan-action"
