import type { PreparedBody } from './prepared-body.ts';
import type { PreparedDocument } from './prepared-document.ts';

/** How long after listening the background work starts: the first requests of a fresh process go first. */
const BACKGROUND_DELAY_MS = 250;

/**
 * Builds the server's documents and compresses every prepared body, one at a time, shortly
 * after the server listens: never per request, and never on the start-up path. A request that arrives first for one of them prepares that one itself
 * (once; later requests reuse it). Compression runs on libuv's thread pool, one job at a
 * time, so serving keeps a core. Failures are reported and left to the next request.
 */
export function prepareInBackground(
  documents: Iterable<PreparedDocument>,
  bodies: () => Iterable<PreparedBody>,
  onError: (error: unknown) => void,
): void {
  const timer = setTimeout(async () => {
    for (const document of documents) await document.prepare().catch(onError);
    for (const body of bodies()) await body.prepare().catch(onError);
  }, BACKGROUND_DELAY_MS);
  timer.unref();
}
