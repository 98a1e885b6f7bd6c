/**
 * First-run seed of the demo store through the Admin API of the running app: the catalog of
 * scripts/demo/store-seed.ts (shared with integration-tests/http) with both acquiring providers.
 */
const PROVIDERS = { hosted: "pp_acquiring_acquiring", apm: "pp_acquiring-apm_acquiring" }

/** An axios-like client over fetch: {data, status}, throwing with Medusa's message on errors. */
function httpApi(baseUrl) {
  const call = async (method, url, body, config) => {
    const res = await fetch(baseUrl + url, {
      method,
      headers: { "content-type": "application/json", ...(config?.headers ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const data = text ? JSON.parse(text) : {}
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${data.message ?? text.slice(0, 200)}`)
    return { data, status: res.status }
  }
  return { get: (u, c) => call("GET", u, undefined, c), post: (u, b, c) => call("POST", u, b ?? {}, c) }
}

async function adminHeaders(api, { email, password }) {
  const { data } = await api.post("/auth/user/emailpass", { email, password })
  return { headers: { authorization: `Bearer ${data.token}` } }
}

function loadStoreSeed() {
  if (!process.env.JEST_WORKER_ID) require("tsx/cjs/api").register()
  return require("./store-seed.ts")
}

async function seedDemo(baseUrl, admin) {
  const api = httpApi(baseUrl)
  const headers = await adminHeaders(api, admin)
  const { seedCatalog } = loadStoreSeed()
  const seed = await seedCatalog(api, headers, {
    providers: Object.values(PROVIDERS),
    titles: { mug: "Sandbox mug #,# deluxe", tee: "Gateway T-Shirt" },
  })
  return { publishable_key: seed.publishable_key, region_id: seed.region_id }
}

module.exports = { seedDemo, httpApi, adminHeaders, PROVIDERS }
