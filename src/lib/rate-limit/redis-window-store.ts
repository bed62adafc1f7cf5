import { createClient, type RedisClientType } from '@redis/client';
import { createHash } from 'node:crypto';
import { redactUrlCredentials } from '../log/logger.ts';
import type { WindowCount, WindowStore, WindowStoreEvents } from './window-store.ts';

/**
 * One round trip, atomic on the server: add the requests of a burst (`ARGV[2]`, all the instance's requests waiting on
 * that key), open the window with its expiry on its first write (PX, so a key never outlives its window and a flood of
 * addresses leaves nothing behind), and report the time left; a key found without an expiry (written by something
 * else) is given one rather than counting forever. With a second key, also its count and time left, unchanged: the
 * quota that a request counted against the free ceiling reports.
 */
const INCREMENT_SCRIPT = `local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
if #KEYS == 1 then return {count, ttl} end
return {count, ttl, tonumber(redis.call('GET', KEYS[2]) or '0'), redis.call('PTTL', KEYS[2])}`;
const SCRIPT_SHA1 = createHash('sha1').update(INCREMENT_SCRIPT).digest('hex');

/** Every key of the service in a namespace of its own, so the store may be shared with other uses. */
const KEY_PREFIX = 'catalog-rate-limit:';

/** Pause before reconnecting: quick at first, at most a second, forever (the instance limits alone meanwhile). */
const reconnectDelay = (retries: number): number => Math.min(50 * 2 ** Math.min(retries, 5), 1000);

/** Commands waiting for an answer past which new ones fail at once: a stalled store cannot pile up memory. */
const MAX_QUEUED = 10_000;

/** Options of the Redis or Valkey store. */
export interface RedisWindowStoreOptions {
  url: string;
  password?: string | undefined;
  /** Deadline of a connection attempt, in milliseconds. */
  connectTimeoutMs?: number;
}

/**
 * A Redis or Valkey server as the window store (node-redis' core client: auto-pipelined, so the commands of one tick
 * share a write). It connects in the background and reconnects by itself; commands fail at once while it is not
 * connected (no offline queue).
 */
export class RedisWindowStore implements WindowStore {
  readonly #client: RedisClientType;
  readonly #redact: (text: string) => string;

  constructor(options: RedisWindowStoreOptions, events: WindowStoreEvents) {
    const password = options.password;
    // The password from either place, should a message ever quote it outside a URL.
    const secrets = [password, decodeURIComponent(new URL(options.url).password)].filter((secret) => !!secret);
    this.#redact = (text) =>
      secrets.reduce<string>((redacted, secret) => redacted.replaceAll(secret!, '***'), redactUrlCredentials(text));
    this.#client = createClient({
      url: options.url,
      ...(password === undefined ? {} : { password }),
      disableOfflineQueue: true,
      commandsQueueMaxLength: MAX_QUEUED,
      socket: { connectTimeout: options.connectTimeoutMs ?? 1000, reconnectStrategy: reconnectDelay },
    }) as RedisClientType;
    this.#client.on('ready', events.onReady);
    this.#client.on('error', (error: unknown) => events.onError(this.describe(error)));
    this.#client.connect().catch((error: unknown) => events.onError(this.describe(error)));
  }

  get ready(): boolean {
    return this.#client.isReady;
  }

  async increment(key: string, windowMs: number, by = 1, read?: string): Promise<WindowCount> {
    const keys = read === undefined ? ['1', KEY_PREFIX + key] : ['2', KEY_PREFIX + key, KEY_PREFIX + read];
    const args = [...keys, String(windowMs), String(by)];
    let reply: unknown;
    try {
      reply = await this.#client.sendCommand(['EVALSHA', SCRIPT_SHA1, ...args]);
    } catch (error) {
      // The server's script cache is empty after a restart: send the script itself once, which caches it again.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      reply = await this.#client.sendCommand(['EVAL', INCREMENT_SCRIPT, ...args]);
    }
    if (!Array.isArray(reply) || !reply.every((value) => typeof value === 'number') || reply.length < 2) {
      throw new TypeError('unexpected reply from the rate-limit store');
    }
    const [count, resetMs, readCount, readMs] = reply as number[];
    const counted = { count: count!, resetMs: resetMs! };
    // A missing key (PTTL -2) is an untouched quota: no count, a whole window ahead.
    if (readCount === undefined) return counted;
    return { ...counted, read: { count: readCount, resetMs: readMs! > 0 ? readMs! : windowMs } };
  }

  /** An error's message for a log line: no URL credentials, no password. */
  describe(error: unknown): string {
    return this.#redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}
