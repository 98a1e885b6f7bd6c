import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"

export const SETTINGS_KEY_ENV = "ACQUIRING_SETTINGS_KEY"
const PREFIX = "enc:v1:"

export const SECRETS_HINT =
  `Secrets (sign keys) can be edited here once the server has an encryption key: set ${SETTINGS_KEY_ENV} ` +
  "to a random value of at least 32 characters (e.g. `openssl rand -base64 32`) on every server and worker, then restart."

export interface SettingsCipher {
  encrypt(plain: string): string
  decrypt(sealed: string): string
}

export const isSealed = (v: unknown): v is string => typeof v === "string" && v.startsWith(PREFIX)

/** AES-256-GCM under a key derived (HKDF-SHA256) from ACQUIRING_SETTINGS_KEY; null without one. */
export function settingsCipher(env: NodeJS.ProcessEnv = process.env): SettingsCipher | null {
  const secret = env[SETTINGS_KEY_ENV]
  if (!secret || secret.length < 32) return null
  const key = Buffer.from(hkdfSync("sha256", secret, "medusa-plugin-acquiring", "settings/v1", 32))
  return {
    encrypt(plain) {
      const iv = randomBytes(12)
      const c = createCipheriv("aes-256-gcm", key, iv)
      const ct = Buffer.concat([c.update(plain, "utf8"), c.final()])
      return `${PREFIX}${[iv, ct, c.getAuthTag()].map((b) => b.toString("base64url")).join(".")}`
    },
    decrypt(sealed) {
      const [iv, ct, tag] = sealed
        .slice(PREFIX.length)
        .split(".")
        .map((p) => Buffer.from(p, "base64url"))
      try {
        const d = createDecipheriv("aes-256-gcm", key, iv)
        d.setAuthTag(tag)
        return Buffer.concat([d.update(ct), d.final()]).toString("utf8")
      } catch {
        // Never the stored text: only that this key does not open it.
        throw new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          `A stored secret does not decrypt with ${SETTINGS_KEY_ENV}: was the key changed? Set the key the secrets were saved with.`,
        )
      }
    },
  }
}

export const noCipher = () => new MedusaError(MedusaError.Types.INVALID_DATA, SECRETS_HINT)
