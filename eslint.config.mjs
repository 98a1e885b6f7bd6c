// Medusa's own rules (@medusajs/eslint-plugin, as the official starter uses), typescript-eslint's
// recommended set, and Prettier for layout (eslint-config-prettier turns off what it decides).
import medusa from "@medusajs/eslint-plugin"
import prettier from "eslint-config-prettier"
import tseslint from "typescript-eslint"

export default [
  { ignores: [".medusa/**", "node_modules/**", "**/fixtures/**", "demo/storefront/dist/**", "coverage/**"] },
  ...tseslint.configs.recommended,
  ...medusa.configs.recommended,
  prettier,
  {
    rules: {
      // Unused names are errors unless they say they are unused (a leading underscore).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
    },
  },
  {
    // Scripts and configs run as CommonJS under Node.
    files: ["**/*.js", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
]
