import { ahead } from "../ahead"

describe("ahead: a read started before its owner awaits it", () => {
  it("is no unhandled rejection while nobody awaits it, and its owner still gets the error", async () => {
    const seen: unknown[] = []
    const on = (e: unknown) => seen.push(e)
    process.on("unhandledRejection", on)
    try {
      const read = ahead(Promise.reject(new Error("database down")))
      await new Promise((r) => setTimeout(r, 20))
      expect(seen).toEqual([])
      await expect(read).rejects.toThrow("database down")
    } finally {
      process.off("unhandledRejection", on)
    }
  })

  it("hands its value to the owner unchanged", async () => {
    await expect(ahead(Promise.resolve([1, 2]))).resolves.toEqual([1, 2])
  })
})
