import { spawnSync } from "node:child_process"
import fs, { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { locateJsonFailure } from "../json-failure"
import { DoctorUsageError, optionsFromJson } from "../load-options"

/**
 * `acquiring-doctor --options <file>` (issue #25): the options file holds sign keys, so a file that cannot be
 * read or parsed is reported by its path and the reason (errno code; kind of JSON failure and where), never
 * by any of its content. JSON.parse's own message in Node 20 quotes the text around the error.
 */
const ROOT = path.resolve(__dirname, "../../..")
const CLI = path.join(ROOT, "src/doctor/cli.ts")
const KEY = "FAKE-SK-7f3a9c2e51d04b68"

let dir: string
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "acq-doctor-options-"))))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => jest.restoreAllMocks())

function file(name: string, content: string) {
  const f = path.join(dir, name)
  writeFileSync(f, content)
  return f
}

function refusal(f: string): DoctorUsageError {
  try {
    optionsFromJson(f)
  } catch (e) {
    return e as DoctorUsageError
  }
  throw new Error(`${f} was accepted`)
}

/** No run of 4 characters of the file's content appears in the text once the file's path is taken out. */
function expectNoContent(text: string, f: string, content: string) {
  const rest = text.split(f).join("")
  const leaked = new Set<string>()
  for (let i = 0; i + 4 <= content.length; i++) {
    const w = content.slice(i, i + 4)
    if (rest.includes(w)) leaked.add(w)
  }
  expect([...leaked]).toEqual([])
  expect(rest).not.toContain(KEY.slice(0, 7))
}

/** Files that are not JSON, each holding the fake sign key, with where the JSON breaks. */
const NOT_JSON: Array<[string, string, RegExp]> = [
  // Node 20: Unexpected token 's', "sign_key =..." is not valid JSON
  [
    "toml.json",
    `sign_key = "${KEY}"\n`,
    /^not JSON: unexpected character where a value should be \(line 1, column 1\)$/,
  ],
  // Node 20: Unexpected token 'F', "{"sign_key": FAKE-SK-..." is not valid JSON
  [
    "bare.json",
    `{\n  "merchant_id": "1000001",\n  "sign_key": ${KEY}\n}\n`,
    /^not JSON: unexpected character where a value should be \(line 3, column 15\)$/,
  ],
  [
    "cut.json",
    `{"accounts":[{"account_id":"100000101","sign_key":"${KEY}"}],`,
    /^not JSON: unexpected end of the file \(line 1, column 80\)$/,
  ],
  [
    "single.json",
    `{'sign_key': '${KEY}'}`,
    /^not JSON: expected a property name in double quotes \(line 1, column 2\)$/,
  ],
  ["tab.json", `{"sign_key": "FAKE\t${KEY}"}`, /^not JSON: control character in a string \(line 1, column 19\)$/],
  ["after.json", `{"a": 1} sign_key ${KEY}`, /^not JSON: text after the JSON value \(line 1, column 10\)$/],
  ["comma.json", `{"sign_key": "${KEY}" "x": 1}`, /^not JSON: expected ',' or '}' \(line 1, column 41\)$/],
  [
    "bom.json",
    `\uFEFF{"sign_key": "${KEY}"}`,
    /^not JSON: byte order mark at the start \(save the file as UTF-8 without one\)/,
  ],
]

describe("optionsFromJson", () => {
  it.each(NOT_JSON)(
    "%s: names the path and where the JSON breaks, quotes nothing of the file",
    (name, content, why) => {
      const f = file(name, content)
      const e = refusal(f)
      expect(e).toBeInstanceOf(DoctorUsageError)
      expect(e.message.startsWith(`--options ${f}: `)).toBe(true)
      expect(e.message.slice(`--options ${f}: `.length)).toMatch(why)
      expectNoContent(e.message, f, content)
    },
  )

  it("an empty file says so", () => {
    const f = file("empty.json", "\n")
    expect(refusal(f).message).toBe(`--options ${f}: not JSON: the file is empty`)
  })

  it("a missing file, a folder and an unreadable file: the path and the errno code", () => {
    const missing = path.join(dir, "missing.json")
    expect(refusal(missing).message).toBe(`--options ${missing}: cannot be read: ENOENT (no such file)`)
    const folder = path.join(dir, "folder.json")
    mkdirSync(folder)
    expect(refusal(folder).message).toBe(`--options ${folder}: cannot be read: EISDIR (a directory, not a file)`)
    const locked = file("locked.json", `{"sign_key": "${KEY}"}`)
    // Root reads any file, so the denial is the one Node raises for a file without read permission.
    jest.spyOn(fs, "readFileSync").mockImplementation(() => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${locked}'`), {
        code: "EACCES",
        errno: -13,
        syscall: "open",
        path: locked,
      })
    })
    expect(refusal(locked).message).toBe(`--options ${locked}: cannot be read: EACCES (permission denied)`)
  })

  it("valid JSON still reaches the option checks", () => {
    const f = file("shape.json", "42")
    expect(() => optionsFromJson(f)).toThrow("Invalid acquiring provider option options: options must be an object")
  })
})

describe("locateJsonFailure", () => {
  const VALID = [
    `{"merchant_id":"1000001","accounts":[{"account_id":"100000101","sign_key":"k"}],"query_retries":0}`,
    ` \t\r\n[ ] `,
    `{}`,
    `"\\u00e9\\n\\"\\/"`,
    `[-0, 0.5, 1e10, 2E-3, -12.50e+2, true, false, null, "ü ☃ \u{1F600}"]`,
    `{"a": {"b": [[{"c": []}]]}}`,
    "[".repeat(100_000) + "]".repeat(100_000),
  ]
  const INVALID = [
    "tru",
    "nul",
    "[1,]",
    '{"a" 1}',
    '{"a":}',
    "-",
    "01",
    "1.",
    "1e",
    ".5",
    "+1",
    "[1 2]",
    '"\\x"',
    '"\\u12G4"',
    '"abc',
    "[".repeat(100_000),
    "NaN",
    '{"a":1}}',
  ]

  it("finds nothing where JSON.parse succeeds and a failure wherever it refuses", () => {
    for (const t of VALID) {
      expect(() => JSON.parse(t)).not.toThrow()
      expect(locateJsonFailure(t)).toBeNull()
    }
    for (const t of INVALID) {
      expect(() => JSON.parse(t)).toThrow()
      expect(locateJsonFailure(t)).not.toBeNull()
    }
  })
})

describe("acquiring-doctor --options <not JSON>", () => {
  jest.setTimeout(60_000)

  it("exit 2 and one line naming the path and the reason; nothing of the file is printed", () => {
    const content = `{\n  "merchant_id": "1000001",\n  "accounts": [{ "account_id": "100000101", "sign_key": ${KEY} }]\n}\n`
    const f = file("cli.json", content)
    const r = spawnSync(process.execPath, ["--import", "tsx", CLI, "--options", f], { cwd: ROOT, encoding: "utf8" })
    expect(r.status).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toBe(
      `acquiring-doctor: --options ${f}: not JSON: unexpected character where a value should be (line 3, column 57)\n`,
    )
    expectNoContent(r.stdout + r.stderr, f, content)
  })
})
