import type { z } from "zod"

/** The one way zod issues are written: the path as a reader writes it (`capture_orders[3].amount`), then the message. */

type Issue = z.core.$ZodIssue
type IssuePath = ReadonlyArray<PropertyKey>

export interface IssueFormat {
  /** An index joins without a dot. */
  prefix?: string
  /** For an issue with an empty path and no prefix, e.g. "body". */
  fallback?: string
}

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
