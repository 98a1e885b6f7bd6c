import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"

/**
 * The guide's return page (docs/storefront-dtc-starter.md 3.4, kept verbatim as the file below) in the
 * browser without Next.js: esbuild bundles that very file with React, the kit's source for
 * `medusa-plugin-acquiring-storefront`, and this folder's stand-ins for the starter's modules and
 * Next.js's router; a tiny server answers every path with it.
 */
const ROOT = path.resolve(__dirname, "..", "..", "..", "..")
export const GUIDE_RETURN_PAGE = path.join(
  ROOT,
  "examples/dtc-starter/apps/storefront/src/app/[countryCode]/(checkout)/acquiring-return/[cartId]/page.tsx",
)

/** The page's imports → the files that stand in for them (the kit is its own source). */
const MODULES: Record<string, string> = {
  "@lib/data/acquiring": path.join(__dirname, "data-acquiring.ts"),
  "@modules/common/components/ui": path.join(__dirname, "ui.tsx"),
  "@modules/common/components/localized-client-link": path.join(__dirname, "localized-client-link.tsx"),
  "next/navigation": path.join(__dirname, "next-navigation.ts"),
  "medusa-plugin-acquiring-storefront": path.join(ROOT, "src", "storefront", "index.ts"),
}

// Only the route the page is for renders it: the confirmation address it goes on to stays empty.
const ENTRY = `
import { createElement } from "react"
import { createRoot } from "react-dom/client"
import Page from ${JSON.stringify(GUIDE_RETURN_PAGE)}
if (location.pathname.includes("/acquiring-return/")) createRoot(document.getElementById("root")).render(createElement(Page))
`

async function bundle(): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require("esbuild") as typeof import("esbuild")
  const names = new RegExp(`^(${Object.keys(MODULES).join("|")})$`)
  const out = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: "tsx" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    write: false,
    logLevel: "silent",
    plugins: [
      { name: "starter-modules", setup: (b) => b.onResolve({ filter: names }, (a) => ({ path: MODULES[a.path] })) },
    ],
  })
  await esbuild.stop() // its service process would outlive the bundle
  return out.outputFiles[0].text
}

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>return</title></head>
<body><div id="root"></div><script type="module" src="/page.js"></script></body></html>`

/** Serves the bundled page on a free port of 127.0.0.1 until stop(). */
export async function serveGuideReturnPage(): Promise<{ url: string; stop(): Promise<void> }> {
  const js = await bundle()
  const server = http.createServer((req, res) => {
    const isJs = req.url === "/page.js"
    res.writeHead(req.url === "/favicon.ico" ? 404 : 200, {
      "content-type": isJs ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8",
      "cache-control": "no-store",
    })
    res.end(isJs ? js : HTML)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
