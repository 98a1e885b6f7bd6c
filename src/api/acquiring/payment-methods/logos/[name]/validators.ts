import { z } from "zod"

export const LogoParams = z.object({
  name: z.string().regex(/^[\w-]{1,40}\.svg$/, "must be a logo file name (<method or brand>.svg)"),
})
