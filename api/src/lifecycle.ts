/**
 * Whether this instance should get traffic (issue 49, ADR 031), and what it is still doing. A
 * graceful shutdown (boot.ts's serveApp, on SIGTERM) marks it stopping first: from then on the
 * readiness endpoint answers 503, so a load balancer sends new requests to the other instances
 * while this one finishes its own. The database closes only once every request being handled has
 * ended, its client still there or not: a write queued for the next group commit whose client went
 * away is still a write to finish, not one to fail on a closed database.
 */
export interface Lifecycle {
  /** True once a graceful shutdown has begun; it never becomes false again. */
  readonly stopping: boolean;
  /** A graceful shutdown begins: readiness answers 503 from now on. */
  stop(): void;
  /** How many requests are being handled now. */
  readonly handling: number;
  /** Handles one request, counted until its handling ends, however it ends. */
  track<T>(handle: () => Promise<T>): Promise<T>;
  /** Resolves once no request is being handled. */
  settled(): Promise<void>;
}

export function createLifecycle(): Lifecycle {
  let stopping = false;
  let handling = 0;
  let waiting: (() => void)[] = [];
  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
    get handling() {
      return handling;
    },
    async track(handle) {
      handling += 1;
      try {
        return await handle();
      } finally {
        handling -= 1;
        if (handling === 0) {
          for (const resolve of waiting) resolve();
          waiting = [];
        }
      }
    },
    settled: () => (handling === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}
