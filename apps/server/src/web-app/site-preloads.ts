import fs from 'node:fs';
import path from 'node:path';

/** What Vite's manifest (`build.manifest`) says of a chunk: its file and what it imports. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
}

/**
 * Modulepreloads for the site itself. The page names only the boot script (apps/web main.tsx),
 * which imports the site once the server's first GIFs are painted; preloading the site's
 * chunks lets the browser fetch and compile them meanwhile, so starting the site later costs
 * no round trip. They follow the boot script, after the page's images (scriptsAfterContent),
 * and ask for low priority: nothing needs them before the first GIFs are painted, and on one
 * server's six connections they would otherwise be sent ahead of the first screen's tiles.
 */
export function withSitePreloads(html: string, manifest: Manifest): string {
  const chunks = siteChunks(manifest);
  if (!chunks) return html;
  const named = html.indexOf(`src="/${chunks.boot}"`);
  const end = named < 0 ? -1 : html.indexOf('</script>', named) + '</script>'.length;
  if (end <= 0) return html;
  const preloads = chunks.site.map(
    (file) => `\n<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`,
  );
  return html.slice(0, end) + preloads.join('') + html.slice(end);
}

/**
 * The boot script's file and the site's: the chunk the boot script imports first, then every
 * chunk that one imports (each once, the boot script's own excepted). Null without an entry.
 */
export function siteChunks(manifest: Manifest): { boot: string; site: string[] } | null {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return null;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk === entry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entry.dynamicImports?.forEach(visit);
  return { boot: entry.file, site: [...files] };
}
