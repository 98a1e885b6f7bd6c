import { GatewayRequestError } from "./errors"
import type { AccountOptions, GatewayClientOptions } from "./options"

/** Explicit account_id, else the currency's account, else the fallback; keys leave only to sign or verify. */
export interface AccountBook {
  byId(account_id: string): AccountOptions | undefined
  pick(choice: { account_id?: string; currency?: string }, currencySource?: string): AccountOptions
  list(): Array<{ account_id: string; currencies?: string[] }>
}

export function createAccountBook(options: GatewayClientOptions): AccountBook {
  const ids = new Map(options.accounts.map((a) => [a.account_id, a]))
  const byCurrency = new Map<string, AccountOptions>()
  for (const account of options.accounts) for (const c of account.currencies ?? []) byCurrency.set(c, account)
  const fallback = options.accounts.find((a) => !a.currencies?.length)

  const pick: AccountBook["pick"] = ({ account_id, currency }, currencySource = "currency") => {
    if (account_id !== undefined) {
      const account = ids.get(account_id)
      if (account) return account
      throw new GatewayRequestError(
        `account_id ${account_id} is not configured; configured accounts: ${[...ids.keys()].join(", ")}`,
        { source: "account_id" },
      )
    }
    const bound = currency ? byCurrency.get(currency) : undefined
    if (bound) return bound
    if (fallback) return fallback
    throw new GatewayRequestError(
      currency
        ? `no account takes ${currency} and there is no fallback account: add ${currency} to an account's currencies or pass account_id`
        : `no currency to choose an account by and no fallback account: pass CallOptions.account_id or currency`,
      { source: currency ? currencySource : "account_id" },
    )
  }

  return {
    byId: (id) => ids.get(id),
    pick,
    list: () =>
      options.accounts.map((a) =>
        a.currencies ? { account_id: a.account_id, currencies: [...a.currencies] } : { account_id: a.account_id },
      ),
  }
}
