import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../testing/fixtures.ts';
import { personalTokens } from '../../../testing/personal-tokens.ts';
import { permissionMatrix, signedInUsers } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { precisionAt, type PredictedTag } from './tag-predictor.ts';

type Rgb = [number, number, number];
const [W, H] = [96, 72];

/** Four looks a library can tell apart, each with the five tags its GIFs carry. */
const kinds: Record<string, { tags: string[]; pixel: (x: number, y: number, v: number) => Rgb }> = {
  sunset: {
    tags: ['sunset', 'orange', 'warm', 'sky', 'evening'],
    pixel: (_x, y, v) => [255, Math.round(160 - (y / H) * 120) + v * 4, 20 + v * 3],
  },
  ocean: {
    tags: ['ocean', 'blue', 'water', 'waves', 'calm'],
    pixel: (_x, y, v) => (Math.floor(y / (6 + v)) % 2 ? [0, 70, 190] : [20, 150, 250]),
  },
  forest: {
    tags: ['forest', 'green', 'trees', 'nature', 'leaves'],
    pixel: (x, _y, v) => (Math.floor(x / (5 + v)) % 2 ? [20, 130, 40] : [70, 200, 90]),
  },
  night: {
    tags: ['night', 'dark', 'stars', 'space', 'sleepy'],
    pixel: (x, y, v) => ((x * 7 + y * 13 + v * 5) % 41 === 0 ? [250, 250, 250] : [8, 8, 36]),
  },
};

/** Frame `f` of variant `v` of a look: the picture drifts right a few pixels a frame. */
function frame(kind: string, v: number, f: number): Buffer {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) raw.set(kinds[kind]!.pixel(x + f * 3, y, v), (y * W + x) * 3);
  }
  return raw;
}

async function animation(kind: string, v: number): Promise<Buffer> {
  const frames = [0, 1, 2, 3].map((f) => frame(kind, v, f));
  return sharp(Buffer.concat(frames), {
    raw: { width: W, height: H * 4, channels: 3, pageHeight: H },
  })
    .gif({ delay: [100, 100, 100, 100], loop: 0 })
    .toBuffer();
}

async function dataUrl(kind: string, v: number, f: number, as: 'png' | 'jpeg' = 'png') {
  const image = sharp(frame(kind, v, f), { raw: { width: W, height: H, channels: 3 } });
  const bytes = await (as === 'png' ? image.png() : image.jpeg()).toBuffer();
  return `data:image/${as};base64,${bytes.toString('base64')}`;
}

const errorCode = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string } }>().error.code;
const tagsOf = (response: LightMyRequestResponse) =>
  response.json<{ data: { tags: PredictedTag[]; library_size: number } }>().data;

describe('POST /ajax/tags/prediction/', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let token: string;

  beforeAll(async () => {
    // Read the library again on every call, so the test sees each upload at once.
    t = await startTestJiffy({ TAG_PREDICTION_REFRESH_SECONDS: '0.001' });
    ({ users, visitor } = await permissionMatrix(t));
    ({ ann: token } = (await personalTokens({ ann: users.ann! })) as { ann: string });
  });
  afterAll(() => t?.stop());

  const predict = (client: SiteClient, body: object) => client.post('/ajax/tags/prediction/', body);

  async function uploadGif(bytes: Buffer, tags: string[]): Promise<string> {
    const form = multipart(
      { api_key: t.apiKey, tags: tags.join(',') },
      { name: 'x.gif', bytes, type: 'image/gif' },
    );
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      headers: form.headers,
      payload: form.payload,
    });
    const { id } = response.json<{ data: { id: string } }>().data;
    expect(await t.waitForGif(id)).toBe('ready');
    return id;
  }

  it('suggests nothing from an empty library', async () => {
    const response = await predict(users.ann!, { frames: [await dataUrl('ocean', 0, 0)] });
    expect(response.statusCode).toBe(200);
    expect(tagsOf(response)).toEqual({ tags: [], library_size: 0 });
  });

  it('suggests the tags of GIFs that look alike, and measures precision at 5 on held-out GIFs', async () => {
    // The library the test makes: three uploads of each look; a fourth is held out.
    for (const kind of Object.keys(kinds)) {
      for (const v of [0, 1, 2]) await uploadGif(await animation(kind, v), kinds[kind]!.tags);
    }
    let precision = 0;
    for (const kind of Object.keys(kinds)) {
      const frames = [await dataUrl(kind, 3, 1), await dataUrl(kind, 3, 2, 'jpeg')];
      const response = await predict(users.ben!, { frames });
      expect(response.statusCode).toBe(200);
      const { tags, library_size } = tagsOf(response);
      expect(library_size).toBe(12);
      expect(kinds[kind]!.tags, kind).toContain(tags[0]!.tag);
      for (const { confidence } of tags) expect(confidence).toBeGreaterThan(0);
      for (const { confidence } of tags) expect(confidence).toBeLessThanOrEqual(1);
      expect(tags.map((p) => p.confidence)).toEqual(
        [...tags.map((p) => p.confidence)].sort((a, b) => b - a),
      );
      precision += precisionAt(5, tags, kinds[kind]!.tags) / 4;
    }
    // Baseline: any five of the library's tags (all are equally common here) share 5/20.
    console.log(`tag prediction, test library: P@5 ${precision.toFixed(3)} (baseline 0.250)`);
    expect(precision).toBeGreaterThanOrEqual(0.8);
  });

  it('learns only from listed GIFs: an unlisted one’s tags are never suggested', async () => {
    const id = await uploadGif(await animation('night', 4), ['secretword']);
    await t.jiffy.database.db
      .updateTable('gifs')
      .set({ visibility: 'unlisted' })
      .where('id', '=', id)
      .execute();
    const { tags } = tagsOf(await predict(users.ann!, { frames: [await dataUrl('night', 4, 0)] }));
    expect(tags.map((p) => p.tag)).not.toContain('secretword');
    expect(tags[0]!.tag).toBe('dark');
  });

  it('answers every signed-in role and a personal token; refuses anonymous and forged calls', async () => {
    const body = { frames: [await dataUrl('forest', 3, 0)] };
    for (const name of ['ann', 'ben', 'cat', 'mod', 'adm']) {
      expect((await predict(users[name]!, body)).statusCode, name).toBe(200);
    }
    const anonymous = await predict(visitor, body);
    expect([anonymous.statusCode, errorCode(anonymous)]).toEqual([401, 'not_signed_in']);
    const forged = await users.ann!.post('/ajax/tags/prediction/', body, 'omit');
    expect([forged.statusCode, errorCode(forged)]).toEqual([403, 'csrf_failed']);
    const byToken = await t.jiffy.app.inject({
      method: 'POST',
      url: '/ajax/tags/prediction/',
      headers: { authorization: `Token ${token}` },
      payload: body,
    });
    expect(byToken.statusCode).toBe(200);
    expect(tagsOf(byToken).tags[0]!.tag).toBe(tagsOf(await predict(users.ann!, body)).tags[0]!.tag);
  });

  it('refuses missing, too many, oversized and non-picture frames with stable codes', async () => {
    const good = await dataUrl('ocean', 3, 0);
    const text = `data:image/png;base64,${Buffer.from('just some text').toString('base64')}`;
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>').toString('base64')}`;
    const huge = `data:image/png;base64,${'A'.repeat(800 * 1024)}`;
    const cases: [object, number, string][] = [
      [{}, 400, 'invalid_request'],
      [{ frames: [] }, 400, 'invalid_request'],
      [{ frames: Array.from({ length: 6 }, () => good) }, 400, 'invalid_request'],
      [{ frames: ['https://example.com/a.png'] }, 400, 'invalid_request'],
      [{ frames: [42] }, 400, 'invalid_request'],
      [{ frames: [good], extra: 1 }, 400, 'invalid_request'],
      [{ frames: [huge] }, 400, 'invalid_request'],
      [{ frames: [text] }, 415, 'unsupported_media_type'],
      [{ frames: [good, svg] }, 415, 'unsupported_media_type'],
    ];
    for (const [body, status, code] of cases) {
      const response = await predict(users.cat!, body);
      expect([response.statusCode, errorCode(response)], JSON.stringify(body).slice(0, 80)).toEqual(
        [status, code],
      );
    }
    // What a frame is comes from its bytes, not the type the data URL names.
    const mislabelled = good.replace('data:image/png', 'data:text/plain');
    expect((await predict(users.cat!, { frames: [mislabelled] })).statusCode).toBe(200);
  });

  it('limits predictions per user, with Retry-After', async () => {
    const { dan } = await signedInUsers(t, [['dan', 'user']]);
    for (let i = 0; i < 120; i++) {
      expect((await predict(dan!, { frames: [] })).statusCode).toBe(400);
    }
    const refused = await predict(dan!, { frames: [await dataUrl('ocean', 3, 0)] });
    expect([refused.statusCode, errorCode(refused)]).toEqual([429, 'too_many_attempts']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
