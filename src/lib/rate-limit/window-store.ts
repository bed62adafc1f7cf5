/** A client's count in the current shared window and the milliseconds until it ends. */
export interface WindowCount {
  count: number;
  resetMs: number;
  /** The count and time left of the key read alongside (`increment`'s `read`), when one was. */
  read?: { count: number; resetMs: number };
}

/** Where every instance counts its clients: one fixed window per key, kept by the store. */
export interface WindowStore {
  /** Whether commands can be sent now; false while (re)connecting, so a request never waits for a connection. */
  readonly ready: boolean;
  /**
   * Adds `by` to `key`'s window, opened with a `windowMs` expiry on its first write, and returns the count; with
   * `read`, also that key's count and time left, unchanged.
   */
  increment(key: string, windowMs: number, by: number, read?: string): Promise<WindowCount>;
  /** An error's message for a log line, without credentials. */
  describe(error: unknown): string;
}

/** What the store tells its owner: it became usable, or stopped being so (why, without credentials). */
export interface WindowStoreEvents {
  onReady: () => void;
  onError: (message: string) => void;
}
