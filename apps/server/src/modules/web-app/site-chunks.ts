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
 * The boot script's file and the site's: the chunk the boot script imports first, then every
 * chunk that one imports (each once, the boot script's own excepted). Null without an entry.
 * The page names only the boot script; when it starts the site, Vite's preload helper in it
 * fetches these chunks in parallel. bench:bundle weighs them, and a route test checks the boot
 * script names each of them.
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
