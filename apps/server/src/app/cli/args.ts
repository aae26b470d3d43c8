import type { Role } from '../jiffy.ts';

/** Reads `--role=all|api|worker` (default all); anything else is an error. */
export function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role === 'all' || role === 'api' || role === 'worker') return role;
  throw new Error(`unknown role "${role}" (use all, api or worker)`);
}

/** `--name=value`, `--name value` and bare `--flag` options, and the positional arguments. */
export function parseOptions(
  argv: string[],
  spec: { values: string[]; flags: string[] },
): { options: Map<string, string | true>; positional: string[] } {
  const options = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (spec.flags.includes(name) && inline === undefined) options.set(name, true);
    else if (spec.values.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value`);
      options.set(name, value);
    } else throw new Error(`unknown option --${name}`);
  }
  return { options, positional };
}
