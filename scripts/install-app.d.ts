// Types of scripts/install-app.js for the TypeScript that imports it (integration-tests/install).
export declare const INSTALL_VERSIONS: string[]
/** Every store ready; their folders by version. */
export declare function ensureInstallApps(opts?: { log?: (msg: string) => void }): Record<string, string>
/** A store project of `version` in a new temp folder, on the installed tree. */
export declare function storeProject(version: string): string
export declare function installAppDir(version: string): string
/** The tarball the kind's preparation packed (node_modules/.cache/acquiring-pack). */
export declare function packedTarball(): string
/** The fenced block after README's `<!-- install:<name> … -->` marker (medusa-config.ts, .env). */
export declare function readmeBlock(name: string): string
