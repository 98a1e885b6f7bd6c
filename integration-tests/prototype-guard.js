/**
 * Registered for every test kind (jest.config.js setupFilesAfterEnv): after each test file,
 * Object.prototype must hold exactly the properties it held when the file started, so any
 * prototype pollution reached through a request (a decoder, a merge) fails CI. A failure
 * here counts as a suite that could not run (scripts/test.js counts those as failures).
 */
const names = () => Reflect.ownKeys(Object.prototype).map(String).sort()
const before = names()

afterAll(() => {
  const after = names()
  const added = after.filter((n) => !before.includes(n))
  const removed = before.filter((n) => !after.includes(n))
  if (added.length || removed.length) {
    for (const n of added) delete Object.prototype[n] // later files in this worker start clean
    throw new Error(
      `Object.prototype was changed by this test file: added ${JSON.stringify(added)}, removed ${JSON.stringify(removed)}`,
    )
  }
})
