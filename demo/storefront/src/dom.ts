/** Small DOM helpers: escaped HTML templates and money as Medusa computed it (no arithmetic here). */
const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }
export const esc = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (c) => ESC[c])

export const app = () => document.getElementById("app") as HTMLElement

export function render(html: string) {
  app().innerHTML = html
}

export function money(amount: unknown, currency: string | undefined) {
  const n = typeof amount === "number" ? amount : Number(amount)
  if (!currency || Number.isNaN(n)) return esc(amount)
  return esc(new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(n))
}

export function on<K extends keyof HTMLElementEventMap>(
  selector: string,
  event: K,
  fn: (e: HTMLElementEventMap[K]) => void,
) {
  document.querySelector(selector)?.addEventListener(event, fn as EventListener)
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Navigate within the storefront (full page load keeps every view simple). */
export const go = (path: string) => window.location.assign(path)

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
