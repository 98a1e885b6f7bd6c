/** The storefront kit, framework-free: the browser helpers need a DOM, the rest also runs in a server action. */
export { StoreApiError, statusOf, storeFetch } from "./client"
export type { StoreClientInput, StoreConnection, StoreFetch, StoreRequest } from "./client"
export { collectDevice, type DeviceSource } from "./device"
export {
  findStartedPayment,
  getHostedPage,
  PAGE_TOKEN_HEADER,
  startPayment,
  StartPaymentOutcome,
  startPaymentSession,
} from "./session"
export {
  CardChoice,
  DeleteSavedCardOutcome,
  deleteSavedCard,
  describeSavedCard,
  listSavedCards,
  SavedCard,
  SavedCardId,
  SavedCardsOutcome,
  savedCardSessionData,
  withCardChoice,
} from "./saved-cards"
export { breakOutOfFrame, mountHostedFrame, postForm, sendShopper } from "./browser"
export { completeCart, completeCartWhenReady, type CompleteOptions, type SettleOptions } from "./complete"
export {
  CANCELLED_MESSAGE,
  DECLINE_CATEGORIES,
  DECLINE_TEXTS,
  DECLINED_MESSAGE,
  DeclineCategory,
  declineOutcome,
  declineText,
  type DeclineText,
  type DeclineTexts,
} from "./decline"
export {
  APM_METHODS,
  CARD_BRANDS,
  isAcquiringProvider,
  isApmProvider,
  listPaymentMethods,
  methodDisplay,
  OfferedMethod,
  PaymentMethodsOutcome,
  renderPaymentMethods,
  svgDataUrl,
  type CardBrand,
  type MethodDisplay,
} from "./methods"
export {
  CompleteOutcome,
  DeviceData,
  HostedForm,
  HostedPage,
  IframeSpec,
  StartedPayment,
  StartPaymentInput,
  StoreSession,
  startedPaymentOf,
} from "./schemas"
