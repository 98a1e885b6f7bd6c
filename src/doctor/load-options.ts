import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import type { ConfigModule } from "@medusajs/framework/types"
import { getConfigFile } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../lib/acquiring/config"
import { parseAcquiringOptions, type AcquiringOptions } from "../lib/acquiring/options"
import { jsonFailureReason } from "./json-failure"

/** A refusal of the command line or the store's configuration: exit code 2, one line. */
export class DoctorUsageError extends Error {
  override name = "DoctorUsageError"
}

const READ_ERRORS: Record<string, string> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "a directory, not a file",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "path too long",
  EMFILE: "too many open files",
}

/** Options from a JSON file; it holds sign keys, so a refusal names the file and the reason, never content. */
export function optionsFromJson(file: string): AcquiringOptions {
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    const reason = code ? `${code}${READ_ERRORS[code] ? ` (${READ_ERRORS[code]})` : ""}` : "unknown error"
    throw new DoctorUsageError(`--options ${file}: cannot be read: ${reason}`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new DoctorUsageError(`--options ${file}: ${jsonFailureReason(text)}`)
  }
  return parseAcquiringOptions(raw)
}

/** A .ts config needs a loader: ts-node (as Medusa's CLI registers), else tsx. */
function registerTypeScript(configDir: string) {
  const loaders: Array<[string, (module: unknown) => void]> = [
    ["ts-node", (m) => (m as { register(o: object): void }).register({ transpileOnly: true })],
    ["tsx/cjs/api", (m) => (m as { register(): void }).register()],
  ]
  for (const dir of [process.cwd(), configDir]) {
    const projectRequire = createRequire(path.join(dir, "package.json"))
    for (const [name, register] of loaders) {
      try {
        return register(projectRequire(name))
      } catch {
        /* not installed there: try the next loader */
      }
    }
  }
  throw new DoctorUsageError("reading a .ts config needs ts-node or tsx in the project; or pass --options <file.json>")
}

export async function optionsFromConfig(file: string, id: string): Promise<AcquiringOptions> {
  const full = path.resolve(file)
  if (/\.[cm]?ts$/.test(full)) registerTypeScript(path.dirname(full))
  const { configModule, error } = await getConfigFile<ConfigModule>(path.dirname(full), path.basename(full))
  if (error || !configModule) throw new DoctorUsageError(`--config ${file}: ${(error as Error)?.message ?? "empty"}`)
  const configs = acquiringProviderConfigs(configModule)
  const found = configs.find((c) => c.config_id === id)
  if (!found) {
    const ids = configs.map((c) => c.config_id).join(", ") || "none"
    throw new DoctorUsageError(`--config ${file}: no acquiring payment provider with id "${id}" (found: ${ids})`)
  }
  return found.options
}
