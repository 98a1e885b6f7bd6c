import { installedStoreSuite } from "./store-checkout"

// A fresh Medusa 2.21.2 store with the packed plugin installed (scripts/install-app.js): one end of the peer range.
jest.setTimeout(600_000)

installedStoreSuite("2.21.2")
