import { answerClassOf } from "../http-answer"

describe("answerClassOf", () => {
  it("2xx is done, 4xx refused for good, 5xx failed (retried)", () => {
    expect([200, 299, 300, 401, 499, 500, 503].map(answerClassOf)).toEqual([
      "ok",
      "ok",
      "refused",
      "refused",
      "refused",
      "failed",
      "failed",
    ])
  })
})
