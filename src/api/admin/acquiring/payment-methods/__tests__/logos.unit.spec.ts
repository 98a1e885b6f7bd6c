import { AdminUploadLogo } from "../logos/validators"
import { logoTypeOf } from "../../../../../lib/acquiring/payment-methods/logo-upload"

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
)
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 ")])
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

describe("an uploaded logo", () => {
  it("is told apart by its bytes: PNG, JPEG and WebP only", () => {
    expect([PNG, JPEG, WEBP, SVG, Buffer.from("RIFF....WAVE")].map(logoTypeOf)).toEqual([
      "png",
      "jpeg",
      "webp",
      null,
      null,
    ])
  })

  it("is refused when it is an SVG, whatever the name or type it claims", () => {
    const r = AdminUploadLogo.safeParse({ method: "card", content_base64: SVG.toString("base64") })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]).toMatchObject({
      path: ["content_base64"],
      message: expect.stringMatching(/SVG is refused/),
    })
    const ok = AdminUploadLogo.parse({ method: "card", content_base64: PNG.toString("base64") })
    expect(ok.content_base64.type).toBe("png")
    expect(ok.content_base64.bytes.equals(PNG)).toBe(true)
  })

  it("is refused above the size limit, before it is decoded", () => {
    const big = "A".repeat(400_000)
    const r = AdminUploadLogo.safeParse({ method: "card", content_base64: big })
    expect(r.error?.issues[0].message).toMatch(/at most 256 KB/)
  })
})
