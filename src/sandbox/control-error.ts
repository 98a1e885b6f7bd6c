/**
 * A control call (POST /__sandbox/*, or the same through the handle) that cannot be done:
 * a bad fault, an unknown order, an action the order's state refuses. /__sandbox answers
 * it with `status` and `{ error, source? }`.
 */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The input field at fault, where one is. */
    readonly source?: string,
  ) {
    super(message)
  }
}
