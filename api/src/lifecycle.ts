/**
 * Whether this instance should get traffic (issue 49, ADR 031). A graceful shutdown (boot.ts's
 * serveApp, on SIGTERM) marks it stopping first: from then on the readiness endpoint answers 503,
 * so a load balancer sends new requests to the other instances while this one finishes its own.
 */
export interface Lifecycle {
  /** True once a graceful shutdown has begun; it never becomes false again. */
  readonly stopping: boolean;
  /** A graceful shutdown begins: readiness answers 503 from now on. */
  stop(): void;
}

export function createLifecycle(): Lifecycle {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
  };
}
