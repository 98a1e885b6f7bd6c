import { MedusaError } from "@medusajs/framework/utils"
import { isMasked, maskSecret } from "./fields"
import { isSealed, noCipher, type SettingsCipher } from "./cipher"
import type { AccountSetting, MerchantSettings } from "./schema"

type Accounts = NonNullable<MerchantSettings["accounts"]>

function mapSecrets(
  values: MerchantSettings,
  fn: (secret: string, account: AccountSetting) => string,
): MerchantSettings {
  if (!values.accounts) return values
  return { ...values, accounts: values.accounts.map((a) => ({ ...a, sign_key: fn(a.sign_key, a) })) }
}

export const sealSecrets = (v: MerchantSettings, cipher: SettingsCipher) => mapSecrets(v, (s) => cipher.encrypt(s))
export const openSecrets = (v: MerchantSettings, cipher: SettingsCipher) => mapSecrets(v, (s) => cipher.decrypt(s))
export const maskSecrets = (v: MerchantSettings) => mapSecrets(v, maskSecret)

/** Masked sign keys (sent back unchanged by the form) replaced by the current ones; an unknown one is refused. */
export function unmaskSecrets(input: MerchantSettings, current: Accounts | undefined): MerchantSettings {
  return mapSecrets(input, (secret, account) => {
    if (!isMasked(secret)) return secret
    const before = current?.find((a) => a.account_id === account.account_id)?.sign_key
    if (before === undefined || maskSecret(before) !== secret)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `accounts: enter the sign key of account ${account.account_id} (it has no saved key to keep)`,
      )
    return before
  })
}

export function secretsChanged(next: MerchantSettings, current: Accounts | undefined): boolean {
  if (!next.accounts) return false
  const before = new Map((current ?? []).map((a) => [a.account_id, a.sign_key]))
  return next.accounts.some((a) => before.get(a.account_id) !== a.sign_key)
}

type Entered = Record<string, unknown>
const mapEntered = (values: Entered, fn: (key: string) => string): Entered =>
  Array.isArray(values.accounts)
    ? {
        ...values,
        accounts: values.accounts.map((a) =>
          a && typeof a === "object" && typeof a.sign_key === "string" ? { ...a, sign_key: fn(a.sign_key) } : a,
        ),
      }
    : values

/** Entered sign keys sealed at once, so a workflow's stored input never holds one in plain text. */
export function sealEntered(values: Entered, cipher: SettingsCipher | null): Entered {
  return mapEntered(values, (key) => {
    if (isMasked(key) || isSealed(key)) return key
    if (!cipher) throw noCipher()
    return cipher.encrypt(key)
  })
}

export const openEntered = (values: Entered, cipher: SettingsCipher | null): Entered =>
  mapEntered(values, (key) => (cipher && isSealed(key) ? cipher.decrypt(key) : key))
