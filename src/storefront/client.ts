/** A Store API call: the JS SDK's client is one; without it, pass the backend URL and publishable key. */
export interface StoreRequest {
  method?: "GET" | "POST" | "DELETE"
  headers?: Record<string, string>
  body?: Record<string, unknown>
  query?: Record<string, string>
}

export type StoreFetch = <T>(path: string, init?: StoreRequest) => Promise<T>

export interface StoreConnection {
  baseUrl: string
  publishableKey: string
  /** Defaults to the global fetch (browsers, Node 18+, Next.js). */
  fetch?: typeof fetch
  /** Extra headers on every call, e.g. the shopper's X-Forwarded-For from a server action. */
  headers?: Record<string, string>
}

export type StoreClientInput = StoreFetch | { fetch: StoreFetch } | StoreConnection

/** A failed Store API call, shaped like the JS SDK's FetchError (`status`, `message`). */
export class StoreApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = "StoreApiError"
  }
}

/** The HTTP status of an error thrown by either client; undefined for a network failure. */
export function statusOf(e: unknown): number | undefined {
  const status = (e as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}

export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

function connect(c: StoreConnection): StoreFetch {
  const base = c.baseUrl.replace(/\/+$/, "")
  const doFetch = c.fetch ?? fetch
  return async <T>(path: string, init: StoreRequest = {}) => {
    const qs = init.query ? `?${new URLSearchParams(init.query)}` : ""
    const res = await doFetch(`${base}${path}${qs}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        accept: "application/json",
        "x-publishable-api-key": c.publishableKey,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...c.headers,
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await res.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : {}
    } catch {
      json = {}
    }
    if (!res.ok) {
      const message = (json as { message?: unknown }).message
      throw new StoreApiError(
        typeof message === "string" ? message : res.statusText || `HTTP ${res.status}`,
        res.status,
      )
    }
    return json as T
  }
}

export function storeFetch(input: StoreClientInput): StoreFetch {
  if (typeof input === "function") return input
  if ("baseUrl" in input) return connect(input)
  // A method of the SDK's client: keep its `this`.
  return (path, init) => input.fetch(path, init)
}
