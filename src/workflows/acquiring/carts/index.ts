export {
  accountedFor,
  ACCOUNTED,
  settleUnplaceable,
  settleUnplaceableLocked,
  CART_UNPLACEABLE_EVENT,
  type UnplaceableCart,
} from "./settle-unplaceable"
export { refuseChangedCart } from "./refuse-changed"
export { completionRefusal } from "./refusal"
export { stockLockKeysOf, takeStockLocks, withStockLocks } from "./stock-locks"
