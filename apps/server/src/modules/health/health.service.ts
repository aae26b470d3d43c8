import type { Logger } from 'pino';

/** What a node depends on, each checked on its own. */
export const COMPONENTS = ['database', 'queue', 'redis', 'storage'] as const;
export type ComponentName = (typeof COMPONENTS)[number];

/**
 * Components a node serves nothing useful without. Redis is not one: the limits and quotas it
 * shares fall back to each node's memory while it is down, so a Redis outage taking every API
 * node out of the load balancer would turn weaker limits into no service at all.
 */
const REQUIRED: ReadonlySet<ComponentName> = new Set(['database', 'queue', 'storage']);

export interface ComponentHealth {
  status: 'up' | 'down' | 'not_configured';
  /** How long the check took, when it ran. */
  latency_ms?: number;
  /** Why it is down, in a few words (the details go to the log, not to the caller). */
  error?: string;
}

export interface HealthReport {
  /** Every configured component answered. */
  allUp: boolean;
  /** Every component the node cannot serve without answered (all but Redis). */
  ready: boolean;
  components: Record<ComponentName, ComponentHealth>;
}

/** A check resolves when its component works and throws (or hangs) when it does not. */
export type ComponentCheck = () => Promise<void>;

/**
 * Checks the database, the job queue, Redis (when configured) and media storage at once, each
 * bounded by `timeoutMs`, so one hung dependency cannot hang the probe. A component's failure is
 * logged when its state changes (up → down, down → up), not on every probe.
 */
export class HealthService {
  readonly #checks: Record<ComponentName, ComponentCheck | null>;
  readonly #timeoutMs: number;
  readonly #log: Logger;
  readonly #wasDown = new Set<ComponentName>();

  constructor(options: {
    /** null: not configured (Redis without REDIS_URL). */
    checks: Record<ComponentName, ComponentCheck | null>;
    timeoutMs: number;
    log: Logger;
  }) {
    this.#checks = options.checks;
    this.#timeoutMs = options.timeoutMs;
    this.#log = options.log;
  }

  async report(): Promise<HealthReport> {
    const results = await Promise.all(COMPONENTS.map((name) => this.#run(name)));
    const components = Object.fromEntries(
      COMPONENTS.map((name, i) => [name, results[i]!]),
    ) as Record<ComponentName, ComponentHealth>;
    return {
      allUp: results.every((r) => r.status !== 'down'),
      ready: COMPONENTS.every((name) => !REQUIRED.has(name) || components[name].status !== 'down'),
      components,
    };
  }

  async #run(name: ComponentName): Promise<ComponentHealth> {
    const check = this.#checks[name];
    if (!check) return { status: 'not_configured' };
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new CheckTimeout(`no answer within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
    });
    try {
      await Promise.race([check(), timedOut]);
      if (this.#wasDown.delete(name)) this.#log.warn({ component: name }, `${name} is back up`);
      return { status: 'up', latency_ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (!this.#wasDown.has(name)) {
        this.#wasDown.add(name);
        this.#log.error({ component: name, error: String(error) }, `${name} is down`);
      }
      return {
        status: 'down',
        latency_ms: Math.round(performance.now() - started),
        error: error instanceof CheckTimeout ? error.message : 'check failed (see the log)',
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

class CheckTimeout extends Error {}
