import fs from 'node:fs';

/**
 * A process and every descendant of it alive now (read from /proc; Linux only, else just the
 * root). Programs Jiffy runs are grandchildren: its launcher process starts them.
 */
export function processTree(root: number): number[] {
  const found: number[] = [];
  const visit = (pid: number) => {
    found.push(pid);
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return; // ended between being listed and read
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean)) visit(Number(child));
    }
  };
  visit(root);
  return found;
}

/** utime, stime, cutime and cstime of a process from /proc/<pid>/stat, in ms; 0 if it ended. */
function statCpuMs(pid: number): { own: number; reaped: number } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    // Fields 14-17 of stat(5) (11-14 after the command name) count clock ticks (1/100 s).
    const ticks = (index: number) => Number(fields[index] ?? 0) * 10;
    return { own: ticks(11) + ticks(12), reaped: ticks(13) + ticks(14) };
  } catch {
    return { own: 0, reaped: 0 };
  }
}

/**
 * CPU ms so far of this process (every thread) and, apart, of its descendants: the finished
 * ones it or they reaped, and the live ones (the launcher, the programs it is running). A
 * finished program's CPU moves from the live count to a reaped one, so a difference of two
 * readings holds what ran in between.
 */
export function treeCpuMs(): { self: number; descendants: number } {
  const { user, system } = process.cpuUsage();
  let descendants = statCpuMs(process.pid).reaped;
  for (const pid of processTree(process.pid)) {
    if (pid === process.pid) continue;
    const { own, reaped } = statCpuMs(pid);
    descendants += own + reaped;
  }
  return { self: (user + system) / 1000, descendants };
}
