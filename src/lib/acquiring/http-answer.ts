/** An HTTP status to its sender: done, refused for good (4xx, no retry) or failed (5xx, retry). */
export type AnswerClass = "ok" | "refused" | "failed"

export const answerClassOf = (status: number): AnswerClass =>
  status < 300 ? "ok" : status < 500 ? "refused" : "failed"
