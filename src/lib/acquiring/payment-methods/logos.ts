import { CARD_BRANDS, methodDisplay } from "../../../storefront/methods"

/** The logos shipped with the plugin (the storefront kit's drawings): a card brand, `card`, or an APM's method. */
export function shippedLogo(name: string): string | null {
  if (!/^[\w-]{1,40}$/.test(name)) return null
  if (Object.hasOwn(CARD_BRANDS, name)) return CARD_BRANDS[name as keyof typeof CARD_BRANDS].svg
  if (name === "card") return methodDisplay("pp_acquiring_x")!.svg
  return methodDisplay("pp_acquiring-apm_x", name)!.svg
}

/** Where the route serves them: outside /store, so an <img> loads one without a publishable key. */
export const LOGO_PATH = "/acquiring/payment-methods/logos"
export const logoUrl = (base: string, name: string) => new URL(`${LOGO_PATH}/${name}.svg`, base).toString()
