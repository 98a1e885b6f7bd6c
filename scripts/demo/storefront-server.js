/**
 * The demo storefront: demo/storefront (plain HTML + TypeScript using @medusajs/js-sdk),
 * bundled in memory by esbuild and served on its own origin. Every path that is not an asset
 * answers index.html (the page routes itself: /, /checkout, /return/<cart>, /order/<id>).
 */
const http = require("node:http")
const fs = require("node:fs")
const path = require("node:path")
const { ROOT } = require("./processes")

const DIR = path.join(ROOT, "demo", "storefront")

async function bundle() {
  const esbuild = require("esbuild")
  const out = await esbuild.build({
    entryPoints: [path.join(DIR, "src", "main.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    write: false,
    minify: false,
    sourcemap: "inline",
    logLevel: "silent",
  })
  const js = out.outputFiles[0].text
  await esbuild.stop() // its service process would outlive the bundle
  return js
}

/** Starts listening; call setConfig once the store's key and region are known. */
async function startStorefront({ port = 0, host = "127.0.0.1" } = {}) {
  const js = await bundle()
  const html = fs.readFileSync(path.join(DIR, "index.html"), "utf8")
  const css = fs.readFileSync(path.join(DIR, "style.css"), "utf8")
  let config = null
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://storefront.invalid")
    const send = (status, type, body) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" })
      res.end(body)
    }
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "text/plain", "method not allowed")
    if (url.pathname === "/app.js") return send(200, "text/javascript; charset=utf-8", js)
    if (url.pathname === "/style.css") return send(200, "text/css; charset=utf-8", css)
    if (url.pathname === "/config.js") {
      if (!config) return send(503, "text/javascript", "throw new Error('the store is still starting')")
      return send(200, "text/javascript; charset=utf-8", `window.DEMO_CONFIG = ${JSON.stringify(config)};`)
    }
    if (url.pathname === "/favicon.ico") return send(404, "text/plain", "")
    return send(200, "text/html; charset=utf-8", html)
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, resolve)
  })
  const actual = server.address().port
  return {
    port: actual,
    url: `http://localhost:${actual}`,
    setConfig: (c) => {
      config = c
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

module.exports = { startStorefront }
