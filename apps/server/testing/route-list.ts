export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';

/** One registered route: its path as registered (`:params`, `*`) and its methods (HEAD aside). */
export interface RegisteredRoute {
  path: string;
  methods: Method[];
}

/** The routes in Fastify's printed route tree (`app.printRoutes({ commonPrefix: false })`). */
export function routesOf(tree: string): RegisteredRoute[] {
  const parents: { depth: number; path: string }[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (parents.length > 0 && parents.at(-1)!.depth >= depth) parents.pop();
    const path = (parents.at(-1)?.path ?? '') + match[2]!;
    parents.push({ depth, path });
    const methods = match[3]?.split(', ').filter((m) => m !== 'HEAD') as Method[] | undefined;
    if (methods) routes.push({ path: path.replace(/^\/\//, '/'), methods });
  }
  return routes;
}

/** A letter as a %-escape, with upper- or lower-case hex digits. */
const escape = (letter: string, upper: boolean) => {
  const hex = letter.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/**
 * The same path written other ways: letters %-encoded (the router decodes them, so these reach
 * the same route), doubled slashes, a trailing slash added or dropped, and upper case (these
 * reach no route). A guard must answer each exactly as it answers the path as written, or 404.
 */
export function pathVariants(path: string): string[] {
  const segments = path.split('/');
  const firstLetter = path.search(/[a-z]/i);
  const lastSegment = path.lastIndexOf('/') + 1;
  const lastLetter = path.slice(lastSegment).search(/[a-z]/i);
  const variants = [
    firstLetter < 0
      ? null
      : path.slice(0, firstLetter) +
        escape(path[firstLetter]!, false) +
        path.slice(firstLetter + 1),
    lastLetter < 0
      ? null
      : path.slice(0, lastSegment + lastLetter) +
        escape(path[lastSegment + lastLetter]!, true) +
        path.slice(lastSegment + lastLetter + 1),
    path.replace(/[a-z]/gi, (letter) => escape(letter, true)),
    `/${path}`,
    segments.length > 2 ? [segments[0], segments[1], '', ...segments.slice(2)].join('/') : null,
    path.endsWith('/') ? path.slice(0, -1) || null : `${path}/`,
    path.toUpperCase(),
    segments.length > 1
      ? [
          '',
          segments[1]!.charAt(0).toUpperCase() + segments[1]!.slice(1),
          ...segments.slice(2),
        ].join('/')
      : null,
  ];
  return [...new Set(variants.filter((v): v is string => v !== null && v !== path))];
}
