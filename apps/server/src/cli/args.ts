import type { Role } from '../jiffy.ts';

/** Reads `--role=all|api|worker` (default all); anything else is an error. */
export function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role === 'all' || role === 'api' || role === 'worker') return role;
  throw new Error(`unknown role "${role}" (use all, api or worker)`);
}
