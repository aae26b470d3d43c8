// bench/tenor: what each Tenor format is for a demo GIF and a demo sticker (the first of each
// in the seed's catalog, drawn as `npm start` draws them): the Jiffy rendition behind it, its
// dimensions and bytes, and, for the formats made on first request, how long that first
// request took against a request for the same file once stored (the baseline, same run).
import { demoCatalog } from '../../apps/server/src/app/seed/demo-catalog.ts';
import { renderDemoItem } from '../../apps/server/src/app/seed/demo-sources.ts';
import { multipart } from '../../apps/server/testing/fixtures.ts';
import {
  tenorFormats,
  tenorRenditions,
} from '../../apps/server/src/modules/tenor/tenor-formats.ts';
import { startBenchJiffy } from '../support/bench-jiffy.ts';

interface Media {
  url: string;
  dims: [number, number];
  duration: number;
  size: number;
}

const { jiffy, origin } = await startBenchJiffy('tenor');
const key = jiffy.defaultApiKey;
try {
  const catalog = demoCatalog();
  const items = [
    catalog.find((item) => item.kind === 'gif')!,
    catalog.find((item) => item.kind === 'sticker')!,
  ];
  for (const item of items) {
    const source = await renderDemoItem(item);
    const upload = await jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart(
        {
          api_key: key,
          title: item.title,
          tags: item.tags.join(','),
          ...(item.kind === 'sticker' ? { is_sticker: 'true' } : {}),
        },
        { name: source.filename, bytes: source.bytes },
      ),
    });
    const id = upload.json<{ data: { id: string } }>().data.id;
    for (;;) {
      const gif = await jiffy.services.gifRepository.findById(id);
      if (gif?.status === 'ready' && gif.renditions_complete) break;
      if (gif?.status === 'failed') throw new Error(`${item.title} failed`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const posts = async () =>
      (
        (await (await fetch(`${origin}/v2/posts?ids=${id}&key=${key}`)).json()) as {
          results: { media_formats: Record<string, Media> }[];
        }
      ).results[0]!.media_formats;
    const before = await posts();
    const timings = new Map<string, { first: number; stored: number }>();
    for (const [format, media] of Object.entries(before)) {
      const path = new URL(media.url).pathname;
      const started = performance.now();
      const response = await fetch(`${origin}${path}`);
      await response.arrayBuffer();
      const first = performance.now() - started;
      if (response.status !== 200) throw new Error(`${format}: ${response.status}`);
      const again = performance.now();
      await (await fetch(`${origin}${path}`)).arrayBuffer();
      timings.set(format, { first, stored: performance.now() - again });
    }
    const after = await posts();
    console.log(
      `\n${item.kind} "${item.title}" (${source.filename}, ${source.bytes.length} bytes)`,
    );
    console.log(
      '| Tenor format | Jiffy rendition | made | dims | bytes | first request ms | stored ms |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const format of tenorFormats) {
      const media = after[format];
      if (!media) continue;
      const rendition = tenorRenditions[format];
      const onDemand = before[format]!.size === 0;
      const timing = timings.get(format)!;
      console.log(
        `| ${format} | ${rendition.name}.${rendition.format} | ${onDemand ? 'first request' : 'upload'} | ` +
          `${media.dims.join('×')} | ${media.size} | ${timing.first.toFixed(0)} | ${timing.stored.toFixed(0)} |`,
      );
    }
  }
} finally {
  await jiffy.close();
}
