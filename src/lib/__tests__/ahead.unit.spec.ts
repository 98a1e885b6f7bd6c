import { ahead, pagesAhead } from "../ahead"

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

describe("pagesAhead: keyset pages, the next read while the caller works on this one", () => {
  const pages: Record<string, { rows: number[]; next?: string }> = {
    first: { rows: [1, 2], next: "b" },
    b: { rows: [3, 4], next: "c" },
    c: { rows: [5] },
  }

  it("hands every page once, in order, and has the next read started before the caller gets a page", async () => {
    const reads: string[] = []
    const read = async (after?: string) => {
      reads.push(after ?? "first")
      return pages[after ?? "first"]
    }
    const seen: Array<{ rows: number[]; readsSoFar: string[] }> = []
    for await (const p of pagesAhead(read, (p) => p.next)) seen.push({ rows: p.rows, readsSoFar: [...reads] })
    expect(seen).toEqual([
      { rows: [1, 2], readsSoFar: ["first", "b"] },
      { rows: [3, 4], readsSoFar: ["first", "b", "c"] },
      { rows: [5], readsSoFar: ["first", "b", "c"] },
    ])
  })

  it("a caller that stops early leaves no unhandled rejection from the read started ahead", async () => {
    const seen: unknown[] = []
    const on = (e: unknown) => seen.push(e)
    process.on("unhandledRejection", on)
    try {
      const read = async (after?: string) => {
        if (after) throw new Error("database down")
        return pages.first
      }
      for await (const p of pagesAhead(read, (p) => p.next)) {
        expect(p.rows).toEqual([1, 2])
        break
      }
      await new Promise((r) => setTimeout(r, 20))
      expect(seen).toEqual([])
    } finally {
      process.off("unhandledRejection", on)
    }
  })
})
