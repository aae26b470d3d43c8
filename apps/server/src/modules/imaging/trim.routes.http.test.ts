import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultMediaLimits, probe } from '@jiffy/media';
import { makeMp4, makePng } from '@jiffy/media/testing';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/test-fixture-server.ts';
import { multipart } from '../../../testing/fixtures.ts';
import { personalTokens } from '../../../testing/personal-tokens.ts';
import { permissionMatrix, signedInUsers } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];

/** 3 s of 100 ms frames: a second of red, a second of green, a second of blue. */
async function trafficLights(format: 'gif' | 'webp'): Promise<Buffer> {
  const [width, height, frames] = [64, 48, 30];
  const raw = Buffer.alloc(width * height * 3 * frames);
  for (let f = 0; f < frames; f++) {
    const [r, g, b] = [RED, GREEN, BLUE][Math.floor(f / 10)]!;
    for (let p = 0; p < width * height; p++) raw.set([r!, g!, b!], (f * width * height + p) * 3);
    // One grey pixel that moves, so no two frames are equal (encoders merge equal frames).
    raw.set([128, 128, 128], (f * width * height + f) * 3);
  }
  const image = sharp(raw, {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  });
  const delay = Array.from({ length: frames }, () => 100);
  return format === 'gif'
    ? image.gif({ delay, loop: 0 }).toBuffer()
    : image.webp({ delay, loop: 0, lossless: true }).toBuffer();
}

const errorCode = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string } }>().error.code;

describe('GET and POST /imaging/trim', () => {
  let t: TestJiffy;
  let dir: string;
  let fixture: FixtureServer;
  let elsewhere: FixtureServer;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let tokens: Record<string, string>;
  let gif: Buffer;
  let webp: Buffer;
  let mp4: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-trim-'));
    gif = await trafficLights('gif');
    webp = await trafficLights('webp');
    mp4 = await fs.readFile(
      await makeMp4({ path: path.join(dir, 'clip.mp4'), width: 320, height: 240, seconds: 6 }),
    );
    png = await fs.readFile(
      await makePng({ path: path.join(dir, 'still.png'), width: 40, height: 30 }),
    );
    fixture = await startFixtureServer((req, res) => {
      if (req.url === '/lights.gif') return res.writeHead(200).end(gif);
      if (req.url === '/notes.txt') return res.end('just some text, not a picture');
      res.writeHead(404).end();
    });
    elsewhere = await startFixtureServer((_req, res) => res.end(gif));
    // 6 s of 320×240 at 15 fps cost 90 × (76 800 + 250 000) ≈ 29 M: past this budget whole,
    // while a second or two of it is well within.
    t = await startTestJiffy(
      { URL_IMPORT_ALLOW_HOSTS: fixture.hostPort, MAX_DECODED_PIXELS: '10000000' },
      { startWorkers: false },
    );
    ({ users, visitor } = await permissionMatrix(t));
    tokens = await personalTokens({ ann: users.ann! });
  });
  afterAll(async () => {
    await t?.stop();
    await fixture?.close();
    await elsewhere?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const upload = (
    client: SiteClient,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer },
  ) =>
    client.request({
      method: 'POST',
      url: '/imaging/trim',
      form: multipart(fields, file),
    });

  async function probeAnswer(response: LightMyRequestResponse, name: string) {
    const file = path.join(dir, name);
    await fs.writeFile(file, response.rawPayload);
    return probe(file, defaultMediaLimits);
  }

  /** The average colour of an answer's first frame. */
  async function firstFrameColour(response: LightMyRequestResponse): Promise<number[]> {
    const stats = await sharp(response.rawPayload, { pages: 1 }).stats();
    return stats.channels.slice(0, 3).map((c) => Math.round(c.mean));
  }

  it('cuts the span asked for out of a GIF, as a GIF or an MP4', async () => {
    const asGif = await upload(
      users.ann!,
      { start: '1', duration: '1', format: 'gif' },
      { name: 'lights.gif', bytes: gif },
    );
    expect(asGif.statusCode).toBe(200);
    expect(asGif.headers['content-type']).toBe('image/gif');
    const gifProbe = await probeAnswer(asGif, 'out.gif');
    expect(gifProbe.width).toBe(64);
    expect(gifProbe.durationMs).toBeGreaterThanOrEqual(900);
    expect(gifProbe.durationMs).toBeLessThanOrEqual(1100);
    // The second second is the green one: no red from before, no blue from after.
    const colour = await firstFrameColour(asGif);
    expect(colour[1]).toBeGreaterThan(200);
    expect(colour[0]).toBeLessThan(50);

    const asMp4 = await upload(
      users.ann!,
      { start: '2', duration: '5' },
      { name: 'lights.gif', bytes: gif },
    );
    expect(asMp4.statusCode).toBe(200);
    expect(asMp4.headers['content-type']).toBe('video/mp4');
    // Asked past the end: the answer says what it kept.
    expect(asMp4.headers['x-trim-duration']).toBe('1.000');
    const mp4Probe = await probeAnswer(asMp4, 'out.mp4');
    expect(mp4Probe.format).toBe('mp4');
    expect(mp4Probe.durationMs).toBeGreaterThanOrEqual(900);
    expect(mp4Probe.durationMs).toBeLessThanOrEqual(1150);
  });

  it('trims a video and an animated WebP too', async () => {
    const video = await upload(
      users.ben!,
      { start: '2.5', duration: '1.5', format: 'mp4' },
      { name: 'clip.mp4', bytes: mp4 },
    );
    expect(video.statusCode).toBe(200);
    const videoProbe = await probeAnswer(video, 'video.mp4');
    expect(videoProbe).toMatchObject({ width: 320, height: 240, hasAudio: false });
    expect(videoProbe.durationMs).toBeGreaterThanOrEqual(1400);
    expect(videoProbe.durationMs).toBeLessThanOrEqual(1650);

    const fromWebp = await upload(
      users.ben!,
      { start: '2', duration: '1', format: 'gif' },
      { name: 'lights.webp', bytes: webp },
    );
    expect(fromWebp.statusCode).toBe(200);
    const colour = await firstFrameColour(fromWebp);
    expect(colour[2]).toBeGreaterThan(200);
    expect(colour[0]).toBeLessThan(50);
  });

  it('fetches media_url with the URL import’s guards, by GET or POST', async () => {
    const url = encodeURIComponent(`${fixture.origin}/lights.gif`);
    const got = await users.cat!.get(
      `/imaging/trim?media_url=${url}&start=0&duration=1&format=gif`,
    );
    expect(got.statusCode).toBe(200);
    expect((await firstFrameColour(got))[0]).toBeGreaterThan(200);

    const posted = await users.cat!.post('/imaging/trim', {
      media_url: `${fixture.origin}/lights.gif`,
      start: 1,
      duration: 2,
      format: 'gif',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['content-type']).toBe('image/gif');

    // A private address not opted in: refused before anything is fetched.
    const seen = elsewhere.requests.length;
    const privateUrl = await users.cat!.post('/imaging/trim', {
      media_url: `${elsewhere.origin}/x.gif`,
      start: 0,
      duration: 1,
    });
    expect(privateUrl.statusCode).toBe(400);
    expect(errorCode(privateUrl)).toBe('url_not_allowed');
    expect(elsewhere.requests.length).toBe(seen);

    const notMedia = await users.cat!.post('/imaging/trim', {
      media_url: `${fixture.origin}/notes.txt`,
      start: 0,
      duration: 1,
    });
    expect(notMedia.statusCode).toBe(415);
    expect(errorCode(notMedia)).toBe('unsupported_media_type');
  });

  it('answers every signed-in role, and a personal token without the CSRF echo; refuses anonymous callers', async () => {
    const fields = { start: '0', duration: '0.5' };
    const file = { name: 'lights.gif', bytes: gif };
    for (const name of ['ann', 'ben', 'cat', 'mod', 'adm']) {
      expect((await upload(users[name]!, fields, file)).statusCode, name).toBe(200);
    }
    const anonymous = await upload(visitor, fields, file);
    expect(anonymous.statusCode).toBe(401);
    expect(errorCode(anonymous)).toBe('not_signed_in');
    const url = `/imaging/trim?media_url=${encodeURIComponent(`${fixture.origin}/lights.gif`)}&start=0&duration=1`;
    expect((await visitor.get(url)).statusCode).toBe(401);

    const form = multipart(fields, file);
    const byToken = await t.jiffy.app.inject({
      method: 'POST',
      url: '/imaging/trim',
      headers: { ...form.headers, authorization: `Token ${tokens.ann!}` },
      payload: form.payload,
    });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['content-type']).toBe('video/mp4');
    const getByToken = await t.jiffy.app.inject({
      url,
      headers: { authorization: `Token ${tokens.ann!}` },
    });
    expect(getByToken.statusCode).toBe(200);

    // A session without the CSRF echo is a forged request.
    const forged = await users.ann!.request({
      method: 'POST',
      url: '/imaging/trim',
      form,
      csrf: 'omit',
    });
    expect(forged.statusCode).toBe(403);
    expect(errorCode(forged)).toBe('csrf_failed');
  });

  it('refuses bad ranges, long durations, stills and non-media with stable codes', async () => {
    const file = { name: 'lights.gif', bytes: gif };
    const cases: [Record<string, string>, number, string][] = [
      [{ start: '-1', duration: '1' }, 400, 'invalid_request'],
      [{ start: 'NaN', duration: '1' }, 400, 'invalid_request'],
      [{ start: 'soon', duration: '1' }, 400, 'invalid_request'],
      [{ start: '0', duration: '0' }, 400, 'invalid_request'],
      [{ start: '0', duration: '16' }, 400, 'invalid_request'],
      [{ start: '0', duration: '1e9' }, 400, 'invalid_request'],
      [{ start: '0', duration: 'Infinity' }, 400, 'invalid_request'],
      [{ start: '0', duration: '1', format: 'webm' }, 400, 'invalid_request'],
      [{ start: '0', duration: '1', strt: '2' }, 400, 'invalid_request'],
      [{ start: '3', duration: '1' }, 422, 'trim_out_of_range'],
      [{ start: '99', duration: '1' }, 422, 'trim_out_of_range'],
    ];
    for (const [fields, status, code] of cases) {
      const response = await upload(users.ben!, fields, file);
      expect([response.statusCode, errorCode(response)], JSON.stringify(fields)).toEqual([
        status,
        code,
      ]);
    }
    const still = await upload(
      users.ben!,
      { start: '0', duration: '1' },
      { name: 'still.png', bytes: png },
    );
    expect([still.statusCode, errorCode(still)]).toEqual([422, 'trim_out_of_range']);
    const text = await upload(
      users.ben!,
      { start: '0', duration: '1' },
      { name: 'notes.gif', bytes: Buffer.from('just some text, not a GIF') },
    );
    expect([text.statusCode, errorCode(text)]).toEqual([415, 'unsupported_media_type']);
    const nothing = await upload(users.ben!, { start: '0', duration: '1' });
    expect([nothing.statusCode, errorCode(nothing)]).toEqual([400, 'missing_file']);
  });

  it('charges the decoded-work budget for the span, not the whole source', async () => {
    const file = { name: 'clip.mp4', bytes: mp4 };
    const short = await upload(users.mod!, { start: '1', duration: '1' }, file);
    expect(short.statusCode).toBe(200);
    const long = await upload(users.mod!, { start: '1', duration: '4' }, file);
    expect([long.statusCode, errorCode(long)]).toEqual([422, 'too_much_work']);
  });

  it('limits trims per user, with Retry-After', async () => {
    const { dan } = await signedInUsers(t, [['dan', 'user']]);
    // Refused input still counts: the limit is on calls, which each cost a body read.
    for (let i = 0; i < 60; i++) {
      expect((await upload(dan!, { start: '-1', duration: '1' })).statusCode).toBe(400);
    }
    const refused = await upload(dan!, { start: '0', duration: '1' });
    expect([refused.statusCode, errorCode(refused)]).toEqual([429, 'too_many_attempts']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user's allowance is their own.
    expect(
      (await upload(users.adm!, { start: '0', duration: '1' }, { name: 'l.gif', bytes: gif }))
        .statusCode,
    ).toBe(200);
  });
});
