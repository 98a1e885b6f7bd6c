/** The plugin's storefront kit; a store installs it as `medusa-plugin-acquiring/storefront`. */
export * from "../../../src/storefront"
