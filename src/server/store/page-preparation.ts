import type { RenderedResource } from './rendered-resources.ts';
import { Overloaded } from './work-queue.ts';

/** What a background pass reports when it ends. */
export interface PreparationReport {
  reason: 'start' | 'data changed';
  /** Resources listed, those prepared, and how long the pass took. */
  resources: number;
  prepared: number;
  ms: number;
}

/** What the preparation tells its owner: the end of each pass, and any failure but a refusal of the queue. */
export interface PreparationEvents {
  onPrepared: (report: PreparationReport) => void;
  onError: (error: unknown) => void;
}

/** What the preparation needs of an answer: whether the resource came out prepared (not an error state). */
type Answer = (resource: RenderedResource, client: string) => Promise<{ ok: boolean }>;

/** The work queue's client name of the preparation: one client among the requests' clients. */
const BACKGROUND_CLIENT = '(background)';

/**
 * Passes over the site's data-driven pages, one page at a time, answering each as a request would so that the store
 * keeps it prepared: a first pass at start-up, another whenever a bulk page's data version changes (a catalog
 * change). A change seen during a pass starts one more pass after it, never two at once.
 */
export class PagePreparation {
  readonly #answer: Answer;
  readonly #list: () => Promise<readonly RenderedResource[]>;
  readonly #events: PreparationEvents;
  /** The data version bulk pages were last seen at. */
  #version: string | undefined;
  #running = false;
  /** The data changed during a pass: another follows it. */
  #again = false;

  /** `answer` answers a resource as the store does for `client`; `list` names the resources of the data of the moment. */
  constructor(answer: Answer, list: () => Promise<readonly RenderedResource[]>, events: PreparationEvents) {
    this.#answer = answer;
    this.#list = list;
    this.#events = events;
  }

  /** Starts a pass, or marks one to follow the pass running now. */
  start(reason: PreparationReport['reason'] = 'start'): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    void this.#pass(reason).finally(() => {
      this.#running = false;
      if (!this.#again) return;
      this.#again = false;
      this.start('data changed');
    });
  }

  /** Told the data version of each bulk page answered: a version not seen before starts a pass. */
  noteVersion(version: string): void {
    if (version === this.#version) return;
    const seen = this.#version !== undefined;
    this.#version = version;
    if (seen) this.start('data changed');
  }

  async #pass(reason: PreparationReport['reason']): Promise<void> {
    const started = performance.now();
    let resources: readonly RenderedResource[];
    try {
      resources = await this.#list();
    } catch (error) {
      return this.#events.onError(error);
    }
    let prepared = 0;
    for (const resource of resources) {
      const answer = await this.#answer(resource, BACKGROUND_CLIENT).catch((error: unknown) => {
        // Refused: the queue is busy with requests' work, and a request prepares its own.
        if (!(error instanceof Overloaded)) this.#events.onError(error);
        return undefined;
      });
      if (answer?.ok === true) prepared += 1;
    }
    this.#events.onPrepared({
      reason,
      resources: resources.length,
      prepared,
      ms: Math.round(performance.now() - started),
    });
  }
}
