/** Thrown when a render would exceed the gate's bound: the request is answered 503 with `Retry-After`. */
export class RenderOverloaded extends Error {
  /** Seconds a client should wait before asking again. */
  readonly retryAfterS: number;

  constructor(retryAfterS: number) {
    super('too many renders at once');
    this.retryAfterS = retryAfterS;
  }
}

/** What a gate admits: `limit` renders at once, and `queue` more waiting for a place; beyond that it sheds. */
export interface RenderGateOptions {
  limit: number;
  queue: number;
  /** Called once per shed request (a metric). */
  onShed?: () => void;
}

/** Seconds a shed client is told to wait: about one render's time on a slow machine. */
const RETRY_AFTER_S = 1;

/**
 * Bounds how many renders run at once, as nginx's `limit_conn` bounds connections: a few run, a few wait, the rest are
 * refused at once rather than queued without end. Callers share one render per page and version before the gate, so
 * a crowd asking for the same page counts once.
 */
export class RenderGate {
  readonly #limit: number;
  readonly #queueLimit: number;
  readonly #onShed: () => void;
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  constructor(options: RenderGateOptions) {
    if (!(options.limit >= 1)) throw new RangeError('a render gate admits at least one render');
    this.#limit = options.limit;
    this.#queueLimit = options.queue;
    this.#onShed = options.onShed ?? (() => undefined);
  }

  /** Renders running now. */
  get running(): number {
    return this.#running;
  }

  /** Runs `work` when a place is free; rejects with `RenderOverloaded` when the queue is full too. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) {
      if (this.#waiting.length >= this.#queueLimit) {
        this.#onShed();
        throw new RenderOverloaded(RETRY_AFTER_S);
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      // The place passes to the next waiter as it is; only when nobody waits does it free up.
      const next = this.#waiting.shift();
      if (next === undefined) this.#running -= 1;
      else next();
    }
  }
}
