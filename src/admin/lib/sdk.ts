import Medusa from "@medusajs/js-sdk"

declare const __BACKEND_URL__: string | undefined

/** Admin session client (the dashboard is signed in with a session cookie). */
export const sdk = new Medusa({
  baseUrl: typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__ ? __BACKEND_URL__ : "/",
  auth: { type: "session" },
})
