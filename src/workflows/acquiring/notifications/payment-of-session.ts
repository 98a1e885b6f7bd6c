// The reads moved to the library; order-edit workflows still import them from here.
export {
  paymentNow,
  paymentOfSession,
  type NoticeTarget,
  type PaymentNow,
} from "../../../lib/acquiring/queries/notice-payment"
