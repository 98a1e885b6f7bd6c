import type { z } from "zod"

/**
 * The one way zod issues are written in messages: the path as a reader writes it
 * (`capture_orders[3].amount`), then zod's message. Medusa-free, so the gateway, the
 * sandbox and the Medusa layers all use it.
 */

type Issue = z.core.$ZodIssue
type IssuePath = ReadonlyArray<PropertyKey>

export interface IssueFormat {
  /** Written before the issue's path (`capture_orders[0]`); an index joins without a dot. */
  prefix?: string
  /** Where an issue with an empty path (and no prefix) is said to be, e.g. "body". */
  fallback?: string
}

/** `a.b[0].c` from a zod issue path, after `prefix` when given. */
export function issuePath(path: IssuePath, prefix = ""): string {
  return path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    prefix,
  )
}

/** Where the issue is (the fallback when nowhere) and what zod says of it. */
export function describeIssue(issue: Issue, { prefix = "", fallback = "" }: IssueFormat = {}) {
  return { path: issuePath(issue.path, prefix) || fallback, message: issue.message }
}

/** The first issue of an error: messages that name one field report this one. */
export function firstIssue(error: z.ZodError, format: IssueFormat = {}) {
  return describeIssue(error.issues[0], format)
}

/** Every issue as "a.b[0].c: message", joined with "; ". */
export function formatIssues(error: z.ZodError, format: IssueFormat = {}): string {
  return error.issues
    .map((issue) => describeIssue(issue, format))
    .map(({ path, message }) => (path ? `${path}: ${message}` : message))
    .join("; ")
}
