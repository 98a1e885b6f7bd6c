/**
 * The sandbox gateway in this process (src/sandbox is TypeScript: tsx compiles it here, jest
 * compiles it in tests). The storefront's origin may frame its pages (iFrame mode).
 */
function loadSandbox() {
  if (!process.env.JEST_WORKER_ID) require("tsx/cjs/api").register()
  return require("../../src/sandbox")
}

async function startDemoSandbox({ port = 0, storefrontOrigin, quiet = true }) {
  const { startSandbox, TEST_CARDS, THREE_DS_CODE } = loadSandbox()
  const sandbox = await startSandbox({
    host: "127.0.0.1",
    port,
    frame_ancestors: storefrontOrigin ? [storefrontOrigin] : [],
    log_requests: !quiet,
  })
  return { sandbox, testCards: TEST_CARDS, threeDsCode: THREE_DS_CODE }
}

module.exports = { startDemoSandbox, loadSandbox }
