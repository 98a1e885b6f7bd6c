import Medusa from "@medusajs/js-sdk"

declare const __BACKEND_URL__: string | undefined

/** Where the Medusa server answers ("/" when the dashboard is served by it). */
export const BACKEND_URL = typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__ ? __BACKEND_URL__ : "/"

/** Admin session client (the dashboard is signed in with a session cookie). */
export const sdk = new Medusa({
  baseUrl: BACKEND_URL,
  auth: { type: "session" },
})
