import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(await fs.readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
  peerDependencies: Record<string, string>;
};

// What an app installing @jiffy/widgets gets: the files `npm install` builds (postinstall).
describe('the published widget package', () => {
  it('has every file its exports name', async () => {
    const targets = Object.values(manifest.exports).flatMap((t) =>
      typeof t === 'string' ? [t] : Object.values(t),
    );
    expect(targets).toContain('./dist/esm/index.js');
    expect(targets).toContain('./dist/types/index.d.ts');
    for (const target of targets) await fs.access(path.join(packageDir, target));
  });

  it('is ESM with the four components and four render functions, React left to the app', async () => {
    const esm = path.join(packageDir, 'dist/esm/index.js');
    const kit = (await import(esm)) as Record<string, unknown>;
    for (const name of ['Grid', 'Carousel', 'Gif', 'Video'])
      expect(typeof kit[name], name).toBe('function');
    for (const name of ['renderGrid', 'renderCarousel', 'renderGif', 'renderVideo'])
      expect(typeof kit[name], name).toBe('function');
    // One file per module (so an app's bundler can leave the player out of a chunk that only
    // shows grids): React is imported by them, and its own code is inside none of them.
    const esmDir = path.join(packageDir, 'dist/esm');
    const files = (await fs.readdir(esmDir, { recursive: true })).filter((f) => f.endsWith('.js'));
    const sources = await Promise.all(files.map((f) => fs.readFile(path.join(esmDir, f), 'utf8')));
    expect(sources.some((source) => /from\s*"react"/.test(source))).toBe(true);
    for (const [i, source] of sources.entries()) {
      expect(source, files[i]).not.toContain('react.transitional.element');
    }
    expect(Object.keys(manifest.peerDependencies)).toEqual(['react', 'react-dom']);
  });

  let consumerDir: string | undefined;
  afterAll(() => consumerDir && fs.rm(consumerDir, { recursive: true, force: true }));

  it("types an app's use of it, and reject a wrong one", async () => {
    // An app next to the package resolves `@jiffy/widgets` through node_modules, as users do.
    consumerDir = await fs.mkdtemp(path.join(packageDir, '.consumer-'));
    const file = path.join(consumerDir, 'app.tsx');
    await fs.writeFile(
      file,
      `import { Grid, renderVideo, type GridProps, type VideoProps, type Quartile } from '@jiffy/widgets';
declare const gif: VideoProps['gif'];
declare const fetchGifs: GridProps['fetchGifs'];
const quartiles: Quartile[] = [];
const unmount: () => void = renderVideo(
  { gif, width: 320, controls: true, onQuartile: (q) => quartiles.push(q), onError: (code, message) => console.log(code, message.length) },
  document.body,
);
unmount();
export const grid = <Grid width={600} columns={3} fetchGifs={fetchGifs} />;
const title: string = gif.title;
// @ts-expect-error a width is a number
renderVideo({ gif, width: '320' }, document.body);
export { title };
`,
    );
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: false,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter(
        (d) =>
          d.file &&
          !d.file.fileName.includes('node_modules/@types/react') &&
          !d.file.fileName.includes('node_modules/zod'),
      )
      .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });
});
