import { z } from "zod"
import { firstIssue, formatIssues, issuePath } from "../zod-issues"

const Schema = z.object({ orders: z.array(z.object({ amount: z.string() })), name: z.string() })
const error = Schema.safeParse({ orders: [{ amount: 1 }], name: 2 }).error!

it("writes paths as a reader does, after a prefix", () => {
  expect(issuePath(["accounts", 0, "sign_key"])).toBe("accounts[0].sign_key")
  expect(issuePath([0, "amount"], "capture_orders")).toBe("capture_orders[0].amount")
  expect(issuePath(["amount"], "capture_orders[3]")).toBe("capture_orders[3].amount")
  expect(issuePath([], "body")).toBe("body")
})

it("names the first issue, or the fallback when it has no path", () => {
  expect(firstIssue(error).path).toBe("orders[0].amount")
  expect(firstIssue(z.string().safeParse(1).error!, { fallback: "body" }).path).toBe("body")
})

it("lists every issue", () => {
  expect(formatIssues(error)).toMatch(/^orders\[0\]\.amount: .+; name: .+$/)
  expect(formatIssues(error, { prefix: "body" })).toMatch(/^body\.orders\[0\]\.amount: /)
})
