/** Types of scripts/storefront-kit.js (the storefront kit's own package), for the specs that call it. */
export const KIT: string
export function buildStorefrontKit(): void
export function packStorefrontKit(dest?: string): string
