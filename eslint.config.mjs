// Medusa's own rules (@medusajs/eslint-plugin, as the official starter uses), typescript-eslint's
// recommended set, and Prettier for layout (eslint-config-prettier turns off what it decides).
import medusa from "@medusajs/eslint-plugin"
import prettier from "eslint-config-prettier"
import tseslint from "typescript-eslint"

export default [
  {
    ignores: [
      ".medusa/**",
      "node_modules/**",
      "**/fixtures/**",
      "demo/storefront/dist/**",
      "packages/*/dist/**",
      "coverage/**",
    ],
  },
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
    rules: {
      // One zod: the design card's `zod` 4.2.0, which @medusajs/framework/zod re-exports (the same
      // module); the gateway client and the sandbox must not import Medusa at all.
      "@medusajs/zod-import-source": "off",
      // Our step and workflow ids carry the `acquiring-` prefix so they never collide with Medusa's
      // own in the one workflow engine; renaming them would orphan stored executions.
      "@medusajs/step-id-kebab-case": "off",
      "@medusajs/workflow-id-matches-export-or-filename": "off",
    },
  },
  {
    // Medusa-free code (the gateway client, the sandbox, storefront kit) and tooling throw their own typed errors.
    files: [
      "src/gateway/**",
      "src/sandbox/**",
      "src/storefront/**",
      "bench/**",
      "scripts/**",
      "integration-tests/**",
      "demo/**",
      "**/__tests__/**",
      "*.js",
    ],
    rules: { "@medusajs/use-medusa-error-not-generic-error": "off" },
  },
  {
    // Scripts and configs run as CommonJS under Node.
    files: ["**/*.js", "**/*.cjs", "bench/lib/app.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
]
