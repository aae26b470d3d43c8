// CPU time of the benchmarked processes, from /proc (Linux): what a request costs in work,
// which a shared machine's stolen time and queueing distort far less than latency.
import { readFileSync, readdirSync } from 'node:fs';

const MS_PER_TICK = 10; // USER_HZ is 100 on Linux

/** user + system ticks of a process, or undefined once it has exited. */
function ticksOf(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces) start at the process state.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Ticks of every PostgreSQL process (the server and its backends), by pid. */
function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
    } catch {
      continue;
    }
    const t = ticksOf(Number(entry));
    if (t !== undefined) ticks.set(Number(entry), t);
  }
  return ticks;
}

/**
 * Starts counting the CPU time of the server process and of PostgreSQL; the returned function
 * gives both in ms since then. A backend that exits in between loses its share (pg's pool keeps
 * busy connections open, so under load none do). `backends`, when given, limits PostgreSQL's
 * share to those pids (the server's own connections), so other work on the same PostgreSQL
 * server does not count.
 */
export function startCpuClock(
  serverPid: number,
): (backends?: ReadonlySet<number>) => { server: number; postgres: number } {
  const server = ticksOf(serverPid) ?? 0;
  const postgres = postgresTicks();
  return (backends) => {
    let postgresDelta = 0;
    for (const [pid, t] of postgresTicks()) {
      if (!backends || backends.has(pid)) postgresDelta += t - (postgres.get(pid) ?? 0);
    }
    return {
      server: ((ticksOf(serverPid) ?? server) - server) * MS_PER_TICK,
      postgres: postgresDelta * MS_PER_TICK,
    };
  };
}
