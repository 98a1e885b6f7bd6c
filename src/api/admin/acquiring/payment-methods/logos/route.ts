import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import { LOGO_TYPES } from "../../../../../lib/acquiring/payment-methods/logo-upload"
import type { AdminUploadLogo } from "./validators"

/** Stores a checked logo with Medusa's file module; the catalogue's logo_url takes the answer's URL. */
export async function POST(req: AuthenticatedMedusaRequest<AdminUploadLogo>, res: MedusaResponse) {
  const { method, content_base64 } = req.validatedBody
  const ext = content_base64.type === "jpeg" ? "jpg" : content_base64.type
  const { result } = await uploadFilesWorkflow(req.scope).run({
    input: {
      files: [
        {
          filename: `acquiring-logo-${method}.${ext}`,
          mimeType: LOGO_TYPES[content_base64.type].mime,
          content: content_base64.bytes.toString("base64"),
          access: "public",
        },
      ],
    },
  })
  res.status(201).json({ logo_url: result[0].url, type: LOGO_TYPES[content_base64.type].mime })
}
