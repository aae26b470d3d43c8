import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the values of keys, tokens and passwords, however the name is written', () => {
    expect(redactUrl('/v1/gifs/search?q=cats&api_key=SECRET&limit=5')).toBe(
      '/v1/gifs/search?q=cats&api_key=[REDACTED]&limit=5',
    );
    expect(redactUrl('/password?token=T&x=1')).toBe('/password?token=[REDACTED]&x=1');
    expect(redactUrl('/join?confirm=C')).toBe('/join?confirm=[REDACTED]');
    expect(redactUrl('/a?%61pi_key=S&API_KEY=S&api_key[]=S&password')).toBe(
      '/a?%61pi_key=[REDACTED]&API_KEY=[REDACTED]&api_key[]=[REDACTED]&password=[REDACTED]',
    );
    expect(redactUrl('/a?%ff=1&q=%zz')).toBe('/a?%ff=1&q=%zz');
    expect(redactUrl('/v1/gifs/trending')).toBe('/v1/gifs/trending');
  });
});

describe('what the server logs', () => {
  let t: TestJiffy;
  const lines: { level: number; msg: string; req?: { url: string } }[] = [];
  const raw: string[] = [];
  beforeAll(async () => {
    t = await startTestJiffy(
      { LOG_LEVEL: 'info' },
      {
        logStream: {
          write: (line: string) => {
            raw.push(line);
            lines.push(JSON.parse(line) as (typeof lines)[number]);
          },
        },
      },
    );
  });
  afterAll(() => t.stop());

  it('logs request URLs with API keys, tokens and passwords redacted', async () => {
    const key = t.apiKey;
    const search = await t.jiffy.app.inject({
      url: `/v1/gifs/search?q=cats&api_key=${key}`,
      headers: { authorization: 'Token SECRET-TOKEN-1', cookie: 'jiffy_session=SECRET-SESSION-1' },
    });
    expect(search.statusCode).toBe(200);
    await t.jiffy.app.inject(`/v1/gifs/trending?%61pi_key=${key}`);
    await t.jiffy.app.inject(`/v2/featured?key=${key}&limit=1`);
    await t.jiffy.app.inject('/password?token=SECRET-RESET-1');
    await t.jiffy.app.inject({
      method: 'POST',
      url: '/api/v3/login?password=SECRET-PASSWORD-1',
      payload: { login: 'nobody', password: 'SECRET-PASSWORD-2' },
    });

    const urls = lines.flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain('/v1/gifs/search?q=cats&api_key=[REDACTED]');
    expect(urls).toContain('/v1/gifs/trending?%61pi_key=[REDACTED]');
    expect(urls).toContain('/v2/featured?key=[REDACTED]&limit=1');
    expect(urls).toContain('/password?token=[REDACTED]');
    expect(urls).toContain('/api/v3/login?password=[REDACTED]');
    const everything = raw.join('');
    for (const secret of [key, 'SECRET-TOKEN-1', 'SECRET-SESSION-1', 'SECRET-RESET-1'])
      expect(everything).not.toContain(secret);
    expect(everything).not.toContain('SECRET-PASSWORD');
  });

  it('logs a failing service at warn or above, naming the service', async () => {
    // The search counts' table goes away, so the next batch of counts cannot be written (only
    // a search that found GIFs is counted).
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'dogs1',
      title: 'Dogs',
      tags: ['dogs'],
    });
    const { db } = t.jiffy.database;
    await sql`ALTER TABLE search_term_visitors RENAME TO search_term_visitors_away`.execute(db);
    try {
      const search = await t.jiffy.app.inject(`/v1/gifs/search?q=dogs&api_key=${t.apiKey}`);
      expect(search.statusCode).toBe(200);
      const deadline = Date.now() + 5000;
      let failure: (typeof lines)[number] | undefined;
      while (!failure && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        failure = lines.find((line) => line.msg === 'could not store search counts');
      }
      expect(failure?.level).toBeGreaterThanOrEqual(40);
      expect(failure).toMatchObject({ service: 'discovery' });
    } finally {
      await sql`ALTER TABLE search_term_visitors_away RENAME TO search_term_visitors`.execute(db);
    }
  });
});
