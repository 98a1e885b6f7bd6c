import { currentCustomer, login, logout, register, showAccount } from "../account"
import { esc, errorText, go, on, render } from "../dom"
import { deleteSavedCard, describeSavedCard, listSavedCards } from "../kit"
import { sdk } from "../store"

function loginForms(message?: string) {
  const input = (form: string, name: string, label: string, type = "text", value = "") =>
    `<div><label for="${form}-${name}">${label}</label><input id="${form}-${name}" name="${name}" type="${type}" value="${esc(value)}" required></div>`
  render(`<h1>Your account</h1>${message ? `<p class="error" id="account-error">${esc(message)}</p>` : ""}
<div class="grid"><form id="login" class="card"><h2>Log in</h2>
${input("login", "email", "E-mail", "email")}${input("login", "password", "Password", "password")}
<p><button type="submit" id="login-submit">Log in</button></p></form>
<form id="register" class="card"><h2>Create an account</h2>
${input("register", "email", "E-mail", "email")}${input("register", "password", "Password", "password")}
<div class="row">${input("register", "first_name", "First name", "text", "Ada")}${input("register", "last_name", "Last name", "text", "Lovelace")}</div>
<p><button type="submit" id="register-submit">Create account</button></p></form></div>`)
  const submit = (id: string, act: (v: (name: string) => string) => Promise<void>) =>
    on(`#${id}`, "submit", async (e) => {
      e.preventDefault()
      const data = new FormData(e.target as HTMLFormElement)
      try {
        await act((name) => String(data.get(name) ?? ""))
        go(new URLSearchParams(window.location.search).get("next") === "checkout" ? "/checkout" : "/account")
      } catch (err) {
        loginForms(errorText(err))
      }
    })
  submit("login", (v) => login(v("email"), v("password")))
  submit("register", (v) =>
    register({ email: v("email"), password: v("password"), first_name: v("first_name"), last_name: v("last_name") }),
  )
}

/** The customer's saved cards, each with Delete (the card is forgotten by the store). */
async function savedCardsPanel() {
  const el = document.getElementById("saved-cards")!
  const outcome = await listSavedCards(sdk.client)
  if (outcome.type === "signed_out") return go("/account")
  if (outcome.type === "error") {
    el.innerHTML = `<p class="error">${esc(outcome.message)}</p>`
    return
  }
  el.innerHTML = outcome.saved_cards.length
    ? `<ul class="saved-cards">${outcome.saved_cards
        .map(
          (c) =>
            `<li data-card-id="${esc(c.id)}" data-last4="${esc(c.last4)}"><span class="saved-card">${esc(describeSavedCard(c))}</span> <button class="secondary" data-delete="${esc(c.id)}">Delete</button></li>`,
        )
        .join("")}</ul>`
    : `<p class="muted" id="no-saved-cards">No saved cards. Tick "Save this card" at checkout to add one.</p>`
  el.querySelectorAll<HTMLButtonElement>("button[data-delete]").forEach((b) =>
    b.addEventListener("click", async () => {
      if (!window.confirm("Delete this saved card?")) return
      b.disabled = true
      const done = await deleteSavedCard(sdk.client, b.dataset.delete!)
      if (done.type === "error") {
        b.disabled = false
        el.insertAdjacentHTML("beforeend", `<p class="error">${esc(done.message)}</p>`)
        return
      }
      await savedCardsPanel() // deleted, or already gone
    }),
  )
}

/** /account: log in or register; once logged in, who you are, your saved cards and "Log out". */
export async function accountView() {
  await showAccount()
  const customer = await currentCustomer()
  if (!customer) return loginForms()
  render(`<h1>Your account</h1><div class="card" id="account"><p>Logged in as <strong id="customer-email">${esc(customer.email)}</strong></p>
<p><button class="secondary" id="logout">Log out</button></p></div>
<div class="card"><h2>Saved cards</h2><div id="saved-cards"><p class="muted">Loading…</p></div></div>`)
  on("#logout", "click", async () => {
    await logout()
    go("/")
  })
  await savedCardsPanel()
}
