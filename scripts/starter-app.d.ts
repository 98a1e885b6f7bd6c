// Types of scripts/starter-app.js for the TypeScript that imports it (integration-tests/starter).
export declare const STARTER_VERSIONS: string[]
/** The folder of the starter's workspace for a Medusa version (in the OS's temp dir). */
export declare function starterWorkspace(version: string): string
/** Every starter workspace ready; their folders and step timings by version. */
export declare function ensureStarters(opts?: {
  log?: (msg: string) => void
  versions?: string[]
  tarball?: string
  /** The storefront kit's package (default: scripts/storefront-kit.js packs it). */
  kitTarball?: string
}): Record<string, { dir: string; timings: Record<string, number | boolean> }>
