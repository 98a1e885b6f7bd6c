import type { Api } from "../../scripts/demo/store-seed"

/**
 * An axios-like client over fetch, of the shape the integration helpers and the demo's seed take
 * ({data, status}; a non-2xx answer throws with `response` like axios does).
 */
export type { Api }

export function httpApi(baseUrl: string): Api {
  const call = async (method: string, url: string, body: unknown, config?: { headers?: Record<string, string> }) => {
    const res = await fetch(baseUrl + url, {
      method,
      headers: { "content-type": "application/json", ...(config?.headers ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const data = text ? safeJson(text) : {}
    if (!res.ok) {
      const err = new Error(`${method} ${url} answered ${res.status}: ${data?.message ?? text.slice(0, 200)}`)
      Object.assign(err, { response: { status: res.status, data } })
      throw err
    }
    return { data, status: res.status }
  }
  return { get: (u, c) => call("GET", u, undefined, c), post: (u, b, c) => call("POST", u, b ?? {}, c) }
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text)
  } catch {
    return { message: text.slice(0, 200) }
  }
}

/** POST a form body (a gateway notification) and return status and text. */
export async function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: res.status, text: await res.text() }
}
