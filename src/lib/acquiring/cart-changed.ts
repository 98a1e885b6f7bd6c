/**
 * The words of a completion refused because the cart's total is no longer what the gateway holds.
 * Shared by the server's 409 and the storefront kit, which tells this refusal from a busy cart by
 * them (a JS SDK error carries only the status and the message). No Medusa import: the kit runs in browsers.
 */
export const CART_CHANGED_CODE = "cart_changed_after_payment"
export const CART_CHANGED_MESSAGE = "The cart changed after payment: pay again."
