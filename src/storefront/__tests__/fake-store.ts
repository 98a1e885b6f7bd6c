import type { StoreFetch, StoreRequest } from "../client"
import { StoreApiError } from "../client"

export interface Call {
  path: string
  init?: StoreRequest
}

/** A Store API stand-in: answers from a list of handlers in order of the calls, and records them. */
export function fakeStore(...answers: Array<(call: Call) => unknown>) {
  const calls: Call[] = []
  const fetch: StoreFetch = async <T>(path: string, init?: StoreRequest) => {
    const call = { path, init }
    calls.push(call)
    const answer = answers.shift()
    if (!answer) throw new Error(`unexpected call ${path}`)
    return answer(call) as T
  }
  return { fetch, calls }
}

export const fail =
  (status: number, message = `HTTP ${status}`) =>
  () => {
    throw new StoreApiError(message, status)
  }
export const ok = (body: unknown) => () => body
