import fs from 'node:fs/promises';
import path from 'node:path';
import { renditionContentTypes, type RenditionFileFormat } from '@jiffy/contracts';
import { makeMp4 } from '@jiffy/media/testing';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../../../testing/fixtures.ts';
import { freePort } from '../../../testing/free-port.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

/** A media file an answer hands out, with the size it lists when it lists one. */
interface HandedOut {
  url: string;
  bytes?: number;
}
type Images = Record<string, Record<string, string>>;
interface GiphyGif {
  images: Images;
  video: { assets: Record<string, { url: string }> } | null;
}
interface TenorResult {
  media_formats: Record<string, { url: string; size: number }>;
}

/** How each kind of file starts: what a player or browser checks before it shows it. */
const signatures: Record<string, (bytes: Buffer) => boolean> = {
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  webp: (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP',
  mp4: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
  webm: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
  jpg: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  png: (b) => b.subarray(0, 8).equals(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')),
};

const setups = [
  // MEDIA_BASE_URL is the bucket's own URL: the files are fetched from the S3 server itself.
  { name: 'straight from the bucket', options: { storage: 's3', mediaFromBucket: true } },
  // MEDIA_BASE_URL left to its default, Jiffy's own /media.
  { name: 'through Jiffy', options: { storage: 'local' } },
] as const;

/**
 * Every media URL the APIs hand out, in GIPHY's dialect and in Tenor's, fetched with real HTTP
 * as a browser would, for GIFs, a sticker and a clip with every rendition made: each must answer
 * 200 with its type, a real file of that type, and the size the answer lists.
 */
describe.each(setups)('every media URL in API answers resolves, $name', ({ name, options }) => {
  let t: TestJiffy;
  let publicUrl: string;
  let mediaBaseUrl: string;
  let ids: string[];

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    t = await startTestJiffy(
      { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: publicUrl },
      { ...options },
    );
    await t.jiffy.listen();
    mediaBaseUrl = t.jiffy.services.urls.mediaBaseUrl;
    const file = async (fileName: string, bytes: Promise<Buffer>) => {
      const filePath = path.join(t.dataDir, fileName);
      await fs.writeFile(filePath, await bytes);
      return filePath;
    };
    const uploads: [string, Record<string, string>][] = [
      [
        await file('walk.gif', animatedImage({ width: 200, height: 150, frames: 6 })),
        { title: 'Walk', tags: 'resolving' },
      ],
      [
        await file(
          'tiny.gif',
          animatedImage({ width: 96, height: 64, frames: 3, pattern: 'rings' }),
        ),
        { title: 'Tiny', tags: 'resolving' },
      ],
      [
        await file('ball.gif', animatedImage({ width: 120, height: 120, frames: 4, alpha: true })),
        { title: 'Ball', tags: 'resolving', is_sticker: 'true' },
      ],
      [
        await makeMp4({
          path: path.join(t.dataDir, 'tone.mp4'),
          width: 240,
          height: 180,
          seconds: 1.5,
          withSound: true,
        }),
        { title: 'Tone', tags: 'resolving' },
      ],
    ];
    ids = [];
    for (const [filePath, fields] of uploads) ids.push(await t.uploadFileAndWait(filePath, fields));
  }, 240_000);
  afterAll(() => t?.stop());

  const answer = async <T>(url: string): Promise<T> => {
    const response = await t.jiffy.app.inject(url);
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };

  /** Fetches every file; resolves to what did not answer as it should. */
  const check = async (files: HandedOut[]): Promise<string[]> => {
    const limit = pLimit(4);
    const problems = await Promise.all(
      files.map((file) =>
        limit(async () => {
          const format = /\.([a-z0-9]+)$/.exec(new URL(file.url).pathname)?.[1] ?? '';
          const response = await fetch(file.url);
          const bytes = Buffer.from(await response.arrayBuffer());
          const type = renditionContentTypes[format as RenditionFileFormat];
          if (response.status !== 200) return `${file.url}: ${response.status}`;
          if (response.headers.get('content-type') !== type)
            return `${file.url}: ${response.headers.get('content-type')}, not ${type}`;
          if (!signatures[format]?.(bytes)) return `${file.url}: not a ${format} file`;
          if (file.bytes !== undefined && file.bytes !== bytes.length)
            return `${file.url}: ${bytes.length} bytes, listed as ${file.bytes}`;
          return null;
        }),
      ),
    );
    return problems.filter((p) => p !== null);
  };

  const report = (dialect: string, files: HandedOut[], problems: string[]) =>
    console.log(
      `${name}, ${dialect}: ${files.length - problems.length} of ${files.length} URLs resolved`,
    );

  it('in GIPHY’s dialect: every file of every rendition, and the clip’s video', async () => {
    const list = async (query: string) =>
      (await answer<{ data: GiphyGif[] }>(`${query}&api_key=${t.apiKey}`)).data;
    const searches = {
      gifs: await list('/v1/gifs/search?q=resolving'),
      stickers: await list('/v1/stickers/search?q=resolving'),
      clips: await list('/v1/videos/search?q=resolving'),
    };
    // Each kind is found where its clients look for it.
    expect(Object.values(searches).map((found) => found.length)).toEqual([2, 1, 1]);
    const byId = await Promise.all(
      ids.map(
        async (id) => (await answer<{ data: GiphyGif }>(`/v1/gifs/${id}?api_key=${t.apiKey}`)).data,
      ),
    );
    const answers = [
      ...(await list(`/v1/gifs?ids=${ids.join(',')}`)),
      ...Object.values(searches).flat(),
      ...byId,
    ];
    const files = distinct(answers.flatMap(giphyFiles));
    const problems = await check(files);
    report('GIPHY', files, problems);
    expect(problems).toEqual([]);
    expect(files.filter((f) => !f.url.startsWith(`${mediaBaseUrl}/`))).toEqual([]);
    // The clip's video block was among them.
    expect(searches.clips[0]!.video).not.toBeNull();
    // An alias names the very file it shares, which a browser or CDN may already hold.
    for (const gif of byId) expect(gif.images.original_mp4!.mp4).toBe(gif.images.original!.mp4);
  });

  it('in Tenor’s dialect: every format, those made on first request included', async () => {
    const read = async () => [
      ...(
        await answer<{ results: TenorResult[] }>(`/v2/posts?ids=${ids.join(',')}&key=${t.apiKey}`)
      ).results,
      ...(await answer<{ results: TenorResult[] }>(`/v2/search?q=resolving&key=${t.apiKey}`))
        .results,
    ];
    const first = distinct((await read()).flatMap(tenorFiles));
    const firstProblems = await check(first);
    report('Tenor (first answer)', first, firstProblems);
    expect(firstProblems).toEqual([]);
    // Those not made yet are Jiffy's to make when first asked for, on its own /media.
    const unmade = first.filter((f) => f.bytes === undefined);
    expect(unmade.length).toBeGreaterThan(0);
    expect(unmade.filter((f) => !f.url.startsWith(`${publicUrl}/media/`))).toEqual([]);
    const made = first.filter((f) => f.bytes !== undefined);
    expect(made.filter((f) => !f.url.startsWith(`${mediaBaseUrl}/`))).toEqual([]);

    // Made now: the next answer names each as a stored file, at MEDIA_BASE_URL like the rest.
    const then = distinct((await read()).flatMap(tenorFiles));
    expect(then.filter((f) => f.bytes === undefined)).toEqual([]);
    expect(then.filter((f) => !f.url.startsWith(`${mediaBaseUrl}/`))).toEqual([]);
    const thenProblems = await check(then);
    report('Tenor (once made)', then, thenProblems);
    expect(thenProblems).toEqual([]);
  });
});

/** Every URL in a GIF object's `images` (with the size listed beside it) and `video`. */
function giphyFiles(gif: GiphyGif): HandedOut[] {
  const files: HandedOut[] = [];
  for (const rendition of Object.values(gif.images)) {
    for (const [field, value] of Object.entries(rendition)) {
      if (!/^https?:/.test(value)) continue;
      // url/size, mp4/mp4_size, webp/webp_size.
      const size = rendition[field === 'url' ? 'size' : `${field}_size`];
      files.push({ url: value, ...(size === undefined ? {} : { bytes: Number(size) }) });
    }
  }
  for (const asset of Object.values(gif.video?.assets ?? {})) files.push({ url: asset.url });
  return files;
}

/** Every format's URL, with its size once the file is made (0 before). */
function tenorFiles(result: TenorResult): HandedOut[] {
  return Object.values(result.media_formats).map(({ url, size }) =>
    size > 0 ? { url, bytes: size } : { url },
  );
}

/** Each file once. */
function distinct(files: HandedOut[]): HandedOut[] {
  return [...new Map(files.map((f) => [`${f.url} ${f.bytes}`, f])).values()];
}
