/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds, failing after `ms`: for state a server changes in the background. */
export async function eventually(check: () => Promise<boolean>, ms = 6_000, everyMs = 100): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await sleep(everyMs);
  }
}
