/** A control call that cannot be done; /__sandbox answers it with `status` and `{ error, source? }`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly source?: string,
  ) {
    super(message)
  }
}
