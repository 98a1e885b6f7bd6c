import { z } from "zod"
import { LOGO_MAX_BYTES, logoTypeOf } from "../../../../../lib/acquiring/payment-methods/logo-upload"

/** A logo to replace a shipped one: PNG, JPEG or WebP, told apart by its bytes; SVG is refused. */
export const AdminUploadLogo = z
  .object({
    method: z.string().regex(/^[\w-]{1,40}$/, "letters, digits, - and _ only"),
    content_base64: z
      .string()
      .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, `at most ${LOGO_MAX_BYTES / 1024} KB`)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64")
      .transform((s, ctx) => {
        const bytes = Buffer.from(s, "base64")
        const type = logoTypeOf(bytes)
        if (!type)
          ctx.addIssue({
            code: "custom",
            message: "must be a PNG, JPEG or WebP image (SVG is refused: it can run script)",
          })
        return { bytes, type: type! }
      }),
  })
  .strict()
export type AdminUploadLogo = z.infer<typeof AdminUploadLogo>
