/**
 * One sample of a Prometheus text exposition: the value of series `name` whose labels include
 * every label given (undefined when no such series is exported).
 */
export function sampleOf(
  exposition: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = labelsOf(match[2] ?? '');
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

/** Every label set series `name` is exported with. */
export function labelSetsOf(exposition: string, name: string): Record<string, string>[] {
  return exposition
    .split('\n')
    .map((line) => /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? \S+$/.exec(line))
    .filter((match) => match?.[1] === name)
    .map((match) => labelsOf(match![2] ?? ''));
}

function labelsOf(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [, key, value] of text.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
    labels[key!] = value!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}
