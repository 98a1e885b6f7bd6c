/** A BCP 47 tag for the `lang` attribute: the request's browser_lang when well formed, else English. */
export function pageLang(browserLang: unknown): { lang: string; asked?: string } {
  const asked = typeof browserLang === "string" && browserLang ? browserLang : undefined
  const ok = !!asked && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(asked) && asked.length <= 35
  return { lang: ok ? asked : "en", asked }
}
