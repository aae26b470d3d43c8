// bench/bundle: what the widget kit weighs in a visitor's browser (minified + gzip), next to
// GIPHY's own kits bundled from npm the same way in the same run. (a) the standalone kit for
// <script> pages (all four render functions + the API client); (b) the React components for
// React apps (React and ReactDOM left out, as the app already has them); (c) the site's own
// main chunk as built.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Alias, type Rolldown } from 'vite';
import { readManifest, siteChunks } from '../../apps/server/src/modules/web-app/site-chunks.ts';
import { preactCompatAliases } from '../../vite.preact.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KB = 1000;
const BUDGETS = { standalone: 15 * KB, react: 10 * KB };
const REACT = [/^react($|\/)/, /^react-dom($|\/)/];

interface Entry {
  name: string;
  /** The module an app would write: what it imports, re-exported so nothing is shaken off. */
  code: string;
  /** Left to the app: React for the React kits, nothing for the standalone ones. */
  external: RegExp[];
  alias?: Alias[];
}

/** Bundles `entry` as an app's bundler would (minified, one file) and gzips it (level 9). */
async function measure(entry: Entry): Promise<{ minified: number; gzip: number }> {
  // The entry is a module of its own that exists only here; Vite asks for it by this name.
  const entryName = 'bench-entry.js';
  const id = '\0bench-entry';
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      react(),
      {
        name: 'bench-entry',
        enforce: 'pre',
        resolveId: (source) => (source.endsWith(entryName) ? id : null),
        load: (source) => (source === id ? entry.code : null),
      },
    ],
    resolve: { alias: entry.alias ?? [] },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      // One script, fully minified (Vite keeps an ES library's whitespace); React, when left
      // out, is read from globals.
      lib: { entry: entryName, formats: ['iife'], name: 'Bench', fileName: 'bundle' },
      rollupOptions: {
        external: entry.external,
        output: { globals: (name: string) => name.replace(/\W/g, '_') },
      },
    },
  })) as Rolldown.RolldownOutput[];
  const code = output
    .flatMap((o) => o.output)
    .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
    .map((c) => c.code)
    .join('\n');
  if (process.env.BENCH_BUNDLE_DUMP) {
    // To see what went in: BENCH_BUNDLE_DUMP=/tmp/bundles npm run bench:bundle
    await mkdir(process.env.BENCH_BUNDLE_DUMP, { recursive: true });
    const file = `${entry.name.replace(/[^a-z0-9]+/gi, '-')}.js`;
    await writeFile(path.join(process.env.BENCH_BUNDLE_DUMP, file), code);
  }
  return { minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
}

const rows: { kit: string; giphy: Entry; jiffy: Entry; budget: number }[] = [
  {
    kit: '(a) standalone kit',
    budget: BUDGETS.standalone,
    jiffy: {
      name: 'Jiffy renderGrid/Carousel/Gif/Video + JiffyFetch',
      code: `export { renderGrid, renderCarousel, renderGif, renderVideo } from '/packages/widgets/src/render.tsx';
export { JiffyFetch } from '/packages/fetch-api/src/index.ts';`,
      external: [],
      alias: preactCompatAliases,
    },
    giphy: {
      name: 'GIPHY @giphy/js-components renderGrid + GiphyFetch',
      code: `export { renderGrid } from '@giphy/js-components';
export { GiphyFetch } from '@giphy/js-fetch-api';`,
      external: [],
    },
  },
  {
    kit: '(b) React components',
    budget: BUDGETS.react,
    jiffy: {
      name: 'Jiffy Grid/Carousel/Gif/Video + JiffyFetch',
      code: `export { Grid, Carousel, Gif, Video } from '/packages/widgets/src/index.ts';
export { JiffyFetch } from '/packages/fetch-api/src/index.ts';`,
      external: REACT,
    },
    giphy: {
      name: 'GIPHY @giphy/react-components Grid + GiphyFetch',
      code: `export { Grid } from '@giphy/react-components';
export { GiphyFetch } from '@giphy/js-fetch-api';`,
      external: REACT,
    },
  },
];

const kb = (bytes: number) => (bytes / KB).toFixed(1);
console.log('| kit | bundle | minified KB | gzip KB | vs GIPHY | budget |');
console.log('|---|---|---:|---:|---:|---|');
let over = false;
for (const row of rows) {
  const giphy = await measure(row.giphy);
  const jiffy = await measure(row.jiffy);
  const within = jiffy.gzip <= row.budget;
  over ||= !within;
  console.log(
    `| ${row.kit} | ${row.giphy.name} | ${kb(giphy.minified)} | ${kb(giphy.gzip)} | 1.00x | |`,
  );
  console.log(
    `| ${row.kit} | ${row.jiffy.name} | ${kb(jiffy.minified)} | ${kb(jiffy.gzip)} | ${(jiffy.gzip / giphy.gzip).toFixed(2)}x | ≤ ${kb(row.budget)} KB gzip: ${within ? 'within' : 'OVER'} |`,
  );
}

// (c) The site's main chunk (apps/web/dist, as `npm run build` left it). A page loads a small
// boot script (named by the page, or added by its inline loader once its first GIF is on
// screen), which imports the site (src/app.tsx): the site's chunk is the main chunk. Budget:
// at most 92.5 KB gzip. Also the whole of what a first visit runs (boot, site chunk and the
// chunks it imports, fetched in parallel when the site starts).
const SITE_MAIN_BUDGET = 92.5 * KB;
const dist = path.join(root, 'apps/web/dist');
const chunks = siteChunks(readManifest(dist));
const siteChunk = chunks?.site[0];
if (!chunks || !siteChunk)
  throw new Error('apps/web/dist has no boot or site chunk: run npm run build');
const firstVisit = [chunks.boot, ...chunks.site];
const sizeOf = async (file: string) => {
  const code = await readFile(path.join(dist, file));
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
};
const site = await sizeOf(siteChunk);
const bootSize = await sizeOf(chunks.boot);
const all = { minified: 0, gzip: 0 };
for (const file of firstVisit) {
  const size = await sizeOf(file);
  all.minified += size.minified;
  all.gzip += size.gzip;
}
const siteWithin = site.gzip <= SITE_MAIN_BUDGET;
over ||= !siteWithin;
console.log(
  `| (c) the site | boot script (${chunks.boot}) | ${kb(bootSize.minified)} | ${kb(bootSize.gzip)} | | |`,
);
console.log(
  `| (c) the site | main chunk (${siteChunk}) | ${kb(site.minified)} | ${kb(site.gzip)} | | ≤ ${kb(SITE_MAIN_BUDGET)} KB gzip: ${siteWithin ? 'within' : 'OVER'} |`,
);
console.log(
  `| (c) the site | first visit's ${firstVisit.length} chunks | ${kb(all.minified)} | ${kb(all.gzip)} | | |`,
);
if (over) process.exitCode = 1;
