import { starterSuite } from "./starter-suite"

// Medusa's official starter at Medusa 2.18.0 (the starter's own lockfile) with the guide's backend and storefront steps (scripts/starter-app.js).
jest.setTimeout(600_000)

starterSuite("2.18.0")
