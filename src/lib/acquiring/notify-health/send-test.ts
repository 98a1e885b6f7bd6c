import { encodeForm } from "../../../gateway/codecs"
import { postForm, readAnswer, readFailure, type AddressCheck, type RawAnswer } from "./check-address"
import { reasonOf } from "./fold"

export interface TestSend extends AddressCheck {
  order_no: string
  sent_at: string
  /** Whether the books hold its row (the admin route waits for it briefly). */
  recorded?: boolean
}

/** Our route's answer to a delivery it took: 200 text `success`. */
const accepted = (a: RawAnswer) => a.status === 200 && a.body.trim() === "success"

/** POSTs the signed sample to the public notify URL, as the gateway would, and says what came back. */
export async function sendTestNotification(url: string, fields: Record<string, string>): Promise<TestSend> {
  const base = { order_no: fields.order_no, sent_at: new Date().toISOString() }
  let answer: RawAnswer
  try {
    answer = await postForm(url, encodeForm(fields))
  } catch (e) {
    return { ...base, ...readFailure(url, e as NodeJS.ErrnoException) }
  }
  return { ...base, ...readTestAnswer(url, answer) }
}

export function readTestAnswer(url: string, a: RawAnswer): AddressCheck {
  if (accepted(a))
    return {
      url,
      ok: true,
      status: a.status,
      problem: null,
      message: "accepted: the notify route verified its signature and recorded it as a test",
    }
  // Our route refused it (a key or signature rule the gateway would not match either): its own reason.
  if (String(a.headers["content-type"] ?? "").includes("json") && a.status >= 400 && a.status !== 404)
    return {
      url,
      ok: false,
      status: a.status,
      problem: "rejected",
      message: `refused (${a.status}): ${reasonOf(a.body)}`,
    }
  // Not ours: a redirect, a proxy's page or error (readAnswer's ok, our 400 refusal, was taken above).
  return readAnswer(url, a)
}
