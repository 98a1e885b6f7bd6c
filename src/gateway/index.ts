/**
 * medusa-plugin-acquiring/gateway: a typed client of the acquiring gateway that does not
 * depend on Medusa. See createGatewayClient for a usage example.
 */
export { createGatewayClient } from "./client"
export type * from "./client-types"
export * from "./schemas"
export * from "./errors"
export * from "./signing"
export * from "./codecs"
export * from "./operations-table"
export * from "./status-codes"
export { parseHostedPage, parseAllParams, scriptFields } from "./hosted-page"
export { AUTHORISE_XML_ROOT } from "./operations/authorise"
export { canonicalNotification, canonicalSignFields } from "./operations/notification"
export { AccountOptions, GatewayClientOptions, parseClientOptions } from "./options"
export { describeIssue, firstIssue, formatIssues, issuePath, type IssueFormat } from "./zod-issues"
export type { GatewayClientOptionsInput } from "./options"
export { backoffMs } from "./transport"
