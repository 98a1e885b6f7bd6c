import type { ReactNode } from "react"
import { useParams } from "./next-navigation"

/** The starter's LocalizedClientLink: an app-relative href under the page's country code. */
export default function LocalizedClientLink({ href, children }: { href: string; children?: ReactNode }) {
  const { countryCode } = useParams<{ countryCode: string }>()
  return <a href={`/${countryCode}${href}`}>{children}</a>
}
