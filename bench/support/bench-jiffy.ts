import { envSchema, resolveConfig } from '../../apps/server/src/app/config/env.ts';
import { createJiffy, type Jiffy } from '../../apps/server/src/app/jiffy.ts';
import { animatedImage, multipart } from '../../apps/server/testing/fixtures.ts';
import { freePort } from '../../e2e/support/server-process.ts';

/**
 * A Jiffy for a browser benchmark: embedded database, no demo content, listening on a known
 * localhost port so the URLs it hands out (media, embed) point back at it.
 */
export async function startBenchJiffy(name: string): Promise<{ jiffy: Jiffy; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = resolveConfig(
    envSchema.parse({
      PUBLIC_URL: origin,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // Benchmarks upload through the default key far past a public instance's quota.
      UPLOADS_PER_HOUR: '1000000',
      DATA_DIR: `/tmp/jiffy-bench-${name}-${process.pid}`,
    }),
  );
  const jiffy = await createJiffy({ config, role: 'all', inMemoryDatabase: true });
  await jiffy.listen();
  return { jiffy, origin };
}

/**
 * Uploads animated GIFs of the given sizes through the API and waits until each has its whole
 * rendition set: a benchmark started while the worker still encodes the later renditions would
 * measure pages competing with ffmpeg for the same two cores.
 */
export async function uploadReadyGifs(
  jiffy: Jiffy,
  sizes: { width: number; height: number; frames: number }[],
  options: { sticker?: boolean; apiKey?: string } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, size] of sizes.entries()) {
    const bytes = await animatedImage(size);
    const upload = await jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart(
        {
          api_key: options.apiKey ?? jiffy.defaultApiKey,
          title: `Bench ${i}`,
          ...(options.sticker ? { is_sticker: 'true' } : {}),
        },
        { name: 'b.gif', bytes },
      ),
    });
    ids.push(upload.json<{ data: { id: string } }>().data.id);
  }
  for (const id of ids) {
    for (let tries = 0; tries < 600; tries++) {
      const gif = await jiffy.services.gifRepository.findById(id);
      if (gif?.status === 'failed' || (gif?.status === 'ready' && gif.renditions_complete)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return ids;
}

/** A creator with a channel of their own, and an API key whose uploads land in it. */
export async function benchCreator(
  jiffy: Jiffy,
  username: string,
): Promise<{ username: string; apiKey: string }> {
  const id = `bench-${username}`;
  await jiffy.services.users.insert({
    id,
    username,
    display_name: username,
    email: `${username}@example.com`,
    password_hash: 'not a password: this account never signs in',
    email_confirmed_at: new Date(),
    role: 'creator',
  });
  const { key } = await jiffy.services.apiKeys.create(id, 'bench');
  return { username, apiKey: key };
}
