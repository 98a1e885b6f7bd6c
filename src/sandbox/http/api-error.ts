import { ERROR_CODES } from "../../gateway/status-codes"

/** A failed request, answered as the gateway does: HTTP 4xx/5xx with JSON {code, source, message}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly source: string,
    message: string,
  ) {
    super(message)
    this.name = "ApiError"
  }
  body() {
    return { code: this.code, source: this.source, message: this.message }
  }
}

export const missing = (source: string, what = `${source} is required`) =>
  new ApiError(400, ERROR_CODES.MISSING_FIELD, source, what)
export const invalid = (source: string, what: string) => new ApiError(400, ERROR_CODES.INVALID_FIELD, source, what)
