/** Wait until `done` holds, asked every 200 ms (subscribers and notifications run after the route answered). */
export async function until(what: string, done: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200)))
    if (await done()) return
  throw new Error(`timed out waiting for ${what}`)
}
