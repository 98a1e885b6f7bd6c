import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { shippedLogo } from "../../../../../lib/acquiring/payment-methods/logos"

/** A shipped logo as an SVG file; no scripts may run in it, whoever opens it. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const name = req.params.name.replace(/\.svg$/, "")
  const svg = shippedLogo(name)
  if (!svg) throw new MedusaError(MedusaError.Types.NOT_FOUND, `no logo ${name}`)
  res.setHeader("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
  res.setHeader("cache-control", "public, max-age=86400")
  res.status(200).type("image/svg+xml").send(svg)
}
