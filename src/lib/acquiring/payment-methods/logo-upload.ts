/** The raster formats an uploaded logo may have. SVG is refused: an uploaded drawing can carry script. */
export const LOGO_TYPES = {
  png: { mime: "image/png", magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")) },
  jpeg: { mime: "image/jpeg", magic: (b: Buffer) => b.subarray(0, 3).equals(Buffer.from("ffd8ff", "hex")) },
  webp: {
    mime: "image/webp",
    magic: (b: Buffer) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
} as const
export type LogoType = keyof typeof LOGO_TYPES

export const LOGO_MAX_BYTES = 256 * 1024

/** The format the bytes are (read from the bytes, never from a name or a declared type), or null. */
export function logoTypeOf(bytes: Buffer): LogoType | null {
  for (const [type, t] of Object.entries(LOGO_TYPES)) if (t.magic(bytes)) return type as LogoType
  return null
}
