export { adoptKeptAuthorisationWorkflow, type AdoptKeptInput } from "./adopt"
export { keptOfOrders, type OrderKept } from "./orders"
export { releaseKeptAuthorisationWorkflow } from "./release"
export { settleAfterPayment, settleKeptAuthorisations, type KeptSettled } from "./settle"
