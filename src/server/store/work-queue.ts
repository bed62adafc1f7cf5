/** Thrown when on-demand work would exceed the queue's bound: the request is answered 503 with `Retry-After`. */
export class Overloaded extends Error {
  /** Seconds a client should wait before asking again. */
  readonly retryAfterS: number;

  constructor(retryAfterS: number) {
    super('too much on-demand work at once');
    this.retryAfterS = retryAfterS;
  }
}

/** What a queue admits. */
export interface WorkQueueOptions {
  /** Jobs with a cost that may run at once: a render and its compression hold a place until the codings are made. */
  concurrency: number;
  /** Most jobs waiting (for a running place or their turn), all clients together; past it, the longest client's newest job is refused. */
  capacity: number;
  /**
   * Longest a job may be expected to wait, from the jobs ahead of it and the measured time of each kind; a job that
   * would wait longer is refused at once rather than answered after the proxy in front has given up.
   */
  maxWaitMs: number;
  /** Called once per refused job (a metric). */
  onShed?: () => void;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
}

/** How a job spends the queue: `cost` 1 holds a running place until it settles; 0 runs within its own turn. */
export interface JobOptions {
  cost?: 0 | 1;
}

interface Job {
  client: string;
  cost: 0 | 1;
  queuedAt: number;
  start: () => void;
  refuse: (error: Overloaded) => void;
}

/** Fewest seconds a refused client is told to wait (`Retry-After` counts whole seconds). */
const MIN_RETRY_AFTER_S = 1;

/**
 * A job that has waited this many times `maxWaitMs` is refused when its turn comes rather than started: the estimate
 * lagged a stall, and the socket's own inactivity deadline (10 s) or the proxy's would cut it anyway.
 */
const STALE_FACTOR = 1.5;

/**
 * Most turns of the event loop a job waits while requests keep arriving. libuv accepts one connection per turn, so a
 * turn that runs a job holds up every connection queued behind a burst (a probe's included) for the job's time.
 */
const MAX_TURNS_PER_JOB = 64;

/** First guesses of a job's time in ms, by cost, until jobs have been measured: a view, a render with its codings. */
const INITIAL_MS = [5, 40] as const;

/** Weight of the newest measurement in the moving average of a kind's time, and the most one counts as. */
const SMOOTHING = 0.2;
const OUTLIER_FACTOR = 4;

/**
 * The one queue of the work the site does on a request's behalf: renders through Astro (with the compression of what
 * they made) and filtered views. It owns the CPU and the memory such work holds in flight:
 *
 * - at most `concurrency` costly jobs at once, and each job starts in a turn of the event loop of its own, after a
 *   turn that brought no new job (or `MAX_TURNS_PER_JOB` turns), so a burst read in one turn is not run back to back
 *   and a probe queued behind it waits about one job's time;
 * - clients take turns (round robin over the clients with a job waiting), so one client's hundred jobs delay another
 *   client's one by at most one job per client ahead of it;
 * - when `capacity` jobs wait, or the next would wait past `maxWaitMs`, the client with the most jobs waiting loses its
 *   newest (longest-queue drop): a client with fewer jobs waiting than any other is never refused for another's.
 */
export class WorkQueue {
  readonly #concurrency: number;
  readonly #capacity: number;
  readonly #maxWaitMs: number;
  readonly #onShed: () => void;
  readonly #now: () => number;
  /** Each client's waiting jobs, oldest first; a client is here only while it has one. */
  readonly #queues = new Map<string, Job[]>();
  /** The clients in turn order; `#turn` is the next to be served. */
  #order: string[] = [];
  #turn = 0;
  #waiting = 0;
  readonly #waitingByCost: [number, number] = [0, 0];
  #running = 0;
  /** The moving average of a job's time, by cost. */
  readonly #jobMs: [number, number] = [...INITIAL_MS];
  #scheduled = false;
  #arrived = false;
  #waited = 0;

  constructor(options: WorkQueueOptions) {
    if (!(options.concurrency >= 1)) throw new RangeError('a work queue runs at least one job at once');
    this.#concurrency = options.concurrency;
    this.#capacity = options.capacity;
    this.#maxWaitMs = options.maxWaitMs;
    this.#onShed = options.onShed ?? (() => undefined);
    this.#now = options.now ?? (() => performance.now());
  }

  /** Costly jobs running now. */
  get running(): number {
    return this.#running;
  }

  /** Jobs waiting now, all clients together. */
  get waiting(): number {
    return this.#waiting;
  }

  /**
   * Runs `work` for `client` (the rate limiter's key of the request, or a name of the site's own) when its turn comes;
   * rejects with `Overloaded` when the queue refuses it, at once or when a client with fewer jobs takes its place.
   */
  run<T>(client: string, work: () => Promise<T> | T, { cost = 1 }: JobOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        client,
        cost,
        queuedAt: this.#now(),
        refuse: reject,
        start: () => {
          const started = this.#now();
          const settle = () => {
            this.#measure(cost, this.#now() - started);
            if (cost === 1) this.#running -= 1;
            this.#schedule();
          };
          if (cost === 1) this.#running += 1;
          let result: Promise<T> | T;
          try {
            result = work();
          } catch (error) {
            settle();
            return reject(error as Error);
          }
          if (!(result instanceof Promise)) {
            settle();
            return resolve(result);
          }
          result.then(
            (value) => {
              settle();
              resolve(value);
            },
            (error: unknown) => {
              settle();
              reject(error as Error);
            },
          );
        },
      };
      // A costly job holds its place until it settles, so it may start at once when one is free and nobody waits.
      if (cost === 1 && this.#running < this.#concurrency && this.#waiting === 0) return job.start();
      if (!this.#admit(job)) return;
      this.#arrived = true;
      this.#schedule();
    });
  }

  /** Queues `job`, making room by longest-queue drop when full; false when `job` itself is refused. */
  #admit(job: Job): boolean {
    if (this.#full(job.cost)) {
      const longest = this.#longest();
      const own = this.#queues.get(job.client)?.length ?? 0;
      if (longest === undefined || own + 1 >= longest.length) {
        this.#shed(job);
        return false;
      }
      const dropped = longest.pop()!;
      this.#dequeued(dropped);
      if (longest.length === 0) this.#forget(dropped.client);
      this.#shed(dropped);
    }
    let queue = this.#queues.get(job.client);
    if (queue === undefined) {
      this.#queues.set(job.client, (queue = []));
      this.#order.push(job.client);
    }
    queue.push(job);
    this.#waiting += 1;
    this.#waitingByCost[job.cost] += 1;
    return true;
  }

  /** Whether one more job of `cost` would pass the capacity or be expected to wait past `maxWaitMs`. */
  #full(cost: 0 | 1): boolean {
    return this.#waiting >= this.#capacity || this.#expectedMs(cost) > this.#maxWaitMs;
  }

  /** How long one more job of `cost` is expected to wait: the views ahead of it, and the renders before it has a place. */
  #expectedMs(cost: 0 | 1): number {
    const [views, renders] = this.#waitingByCost;
    const rendersAhead = cost === 0 ? 0 : Math.max(0, renders + this.#running + 1 - this.#concurrency);
    return views * this.#jobMs[0] + (rendersAhead * this.#jobMs[1]) / this.#concurrency;
  }

  /** The longest client queue (the first in turn order among equals). */
  #longest(): Job[] | undefined {
    let longest: Job[] | undefined;
    for (const client of this.#order) {
      const queue = this.#queues.get(client)!;
      if (longest === undefined || queue.length > longest.length) longest = queue;
    }
    return longest;
  }

  /** Refuses `job`, telling its client to come back once the work queued now is expected to be done. */
  #shed(job: Job): void {
    this.#onShed();
    job.refuse(new Overloaded(Math.max(MIN_RETRY_AFTER_S, Math.ceil(this.#expectedMs(1) / 1000))));
  }

  #dequeued(job: Job): void {
    this.#waiting -= 1;
    this.#waitingByCost[job.cost] -= 1;
  }

  #forget(client: string): void {
    this.#queues.delete(client);
    const at = this.#order.indexOf(client);
    this.#order.splice(at, 1);
    if (at < this.#turn) this.#turn -= 1;
    if (this.#turn >= this.#order.length) this.#turn = 0;
  }

  /** Adds a job's time to its kind's average; one outlier (the first render loads Astro's bundle) counts as 4×. */
  #measure(cost: 0 | 1, ms: number): void {
    const average = this.#jobMs[cost];
    this.#jobMs[cost] += SMOOTHING * (Math.min(ms, OUTLIER_FACTOR * average) - average);
  }

  /** Asks for a turn when a waiting job could start in it (a costly one only while a running place is free). */
  #schedule(): void {
    if (this.#scheduled || this.#waiting === 0) return;
    if (this.#waitingByCost[0] === 0 && this.#running >= this.#concurrency) return;
    this.#scheduled = true;
    setImmediate(this.#next);
  }

  /** One turn of the loop: waits while jobs keep arriving (a bounded number of turns), else starts one job. */
  readonly #next = (): void => {
    this.#scheduled = false;
    if (this.#arrived && this.#waited < MAX_TURNS_PER_JOB) {
      this.#arrived = false;
      this.#waited += 1;
      return this.#schedule();
    }
    this.#waited = 0;
    const job = this.#take();
    if (job !== undefined) {
      if (this.#now() - job.queuedAt > STALE_FACTOR * this.#maxWaitMs) this.#shed(job);
      else job.start();
    }
    this.#schedule();
  };

  /** The next client's oldest job that may start now: a costly one only while a running place is free. */
  #take(): Job | undefined {
    const clients = this.#order.length;
    for (let tried = 0; tried < clients; tried += 1) {
      const at = (this.#turn + tried) % clients;
      const client = this.#order[at]!;
      const queue = this.#queues.get(client)!;
      const job = queue[0]!;
      if (job.cost === 1 && this.#running >= this.#concurrency) continue;
      queue.shift();
      this.#dequeued(job);
      if (queue.length === 0) {
        this.#forget(client);
        this.#turn = clients === 1 ? 0 : at % this.#order.length;
      } else {
        this.#turn = (at + 1) % clients;
      }
      return job;
    }
    return undefined;
  }
}
