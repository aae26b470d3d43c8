import type { ComponentHealth, ComponentName, HealthReport } from './health.service.ts';

export interface HealthBody {
  /**
   * Liveness: always `ok` (the process answered). Readiness: `ready`; `degraded` when only
   * Redis is down (served, with limits counted per node); `not_ready`.
   */
  status: 'ok' | 'ready' | 'degraded' | 'not_ready';
  components: Record<ComponentName, ComponentHealth>;
}

/** The JSON `/healthz` (`live`) and `/readyz` (`ready`) answer. */
export function presentHealth(probe: 'live' | 'ready', report: HealthReport): HealthBody {
  const status =
    probe === 'live' ? 'ok' : report.allUp ? 'ready' : report.ready ? 'degraded' : 'not_ready';
  return { status, components: report.components };
}
