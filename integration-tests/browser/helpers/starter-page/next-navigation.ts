/**
 * `next/navigation` for the guide's return page outside Next.js: the route's params read from the
 * address (`/[countryCode]/acquiring-return/[cartId]`), and a router whose replace loads the address.
 */
const ROUTE = /^\/([^/]+)\/acquiring-return\/([^/?#]+)/

export function useParams<T extends Record<string, string>>(): T {
  const [, countryCode, cartId] = ROUTE.exec(window.location.pathname) ?? []
  return { countryCode, cartId } as unknown as T
}

// One object, as Next.js keeps its router stable: the page's effect lists it as a dependency.
const router = { replace: (href: string) => window.location.replace(href) }
export const useRouter = () => router
