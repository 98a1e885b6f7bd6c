/**
 * A signature with its last hex digit changed, as a forger would send it. Signatures compare without
 * regard to case (docs/assumptions.md), so the digit changes value, not only case: flipping an "A"
 * to "a" would still verify.
 */
export function forgedSignature(signature: string): string {
  const last = signature.slice(-1).toLowerCase()
  return signature.slice(0, -1) + (last === "a" ? "b" : "a")
}
