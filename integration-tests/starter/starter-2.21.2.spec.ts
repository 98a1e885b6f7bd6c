import { starterSuite } from "./starter-suite"

// Medusa's official starter at Medusa 2.21.2 (the newest 2.x, bumped with pnpm up) with the guide's backend and storefront steps (scripts/starter-app.js).
jest.setTimeout(600_000)

starterSuite("2.21.2")
