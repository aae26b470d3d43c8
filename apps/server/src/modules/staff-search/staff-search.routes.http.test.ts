import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { readOutbox, type SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
interface Found {
  count: number;
  results: {
    id: string;
    title: string;
    moderation: {
      status: string;
      failure_code: string | null;
      uploader_username: string | null;
      reports: { total: number; open: number };
      flags: { total: number; open: number };
    };
  }[];
  gps_keywords: string[];
}

/** Parses the export (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('staff content search and its CSV', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  const search = (client: SiteClient, query: string) =>
    client.get(`/api/v1/search-service/search/?${query}`);
  const ids = (response: { json: <T>() => T }) => response.json<Found>().results.map((r) => r.id);
  const code = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.code;

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    const gifs = t.jiffy.services.gifRepository;
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    await insertGifRow(gifs, {
      id: 'catready',
      title: 'Running cats',
      tags: ['cat', 'funny'],
      user_id: 'idann',
      original_bytes: 1000,
      created_at: day('2026-01-10'),
    });
    await insertGifRow(gifs, {
      id: 'catgone',
      title: 'A cat, removed',
      tags: ['cat'],
      status: 'removed',
      rating: 'pg-13',
      user_id: 'idben',
      original_bytes: 2000,
      created_at: day('2026-02-10'),
    });
    await insertGifRow(gifs, {
      id: 'dogfail',
      title: 'Dog',
      tags: ['dog'],
      status: 'failed',
      failure_code: 'corrupt_media',
      user_id: 'idann',
      created_at: day('2026-03-10'),
    });
    await insertGifRow(gifs, {
      id: 'gatostk',
      title: 'Gato feliz',
      tags: ['gato', 'cat'],
      type: 'sticker',
      lang: 'es',
      user_id: 'idcat',
      original_bytes: 5_000_000,
      created_at: day('2026-04-10'),
    });
    await insertGifRow(gifs, {
      id: 'formula',
      title: '=HYPERLINK("http://evil.example","click, me")',
      tags: ['-1+2', 'line\nbreak'],
      user_id: 'idben',
      created_at: day('2026-05-10'),
    });
    const db = t.jiffy.database.db;
    await db
      .insertInto('gif_reports')
      .values([
        { gif_id: 'catgone', reason: 'spam', note: '', reporter_user_id: null },
        {
          gif_id: 'catgone',
          reason: 'spam',
          note: '',
          reporter_user_id: null,
          resolved_at: new Date(),
        },
      ])
      .execute();
    const flag = await users['ben']!.post('/api/v1/gifs/gatostk/moderation', { reason: 'spam' });
    expect(flag.statusCode).toBe(201);
  });
  afterAll(() => t.stop());

  it('is for moderators and admins only', async () => {
    const expected: Record<string, number> = { ann: 403, ben: 403, cat: 403, mod: 200, adm: 200 };
    for (const [who, client] of [['anonymous', visitor] as const, ...Object.entries(users)]) {
      const status = expected[who] ?? 401;
      for (const url of ['/api/v1/search-service/search/', '/api/v1/search-service/csv/']) {
        const response = await client.get(url);
        expect([who, url, response.statusCode]).toEqual([who, url, status]);
        if (status !== 200)
          expect(code(response)).toBe(status === 401 ? 'not_signed_in' : 'forbidden');
      }
      const posted = await client.post('/api/v1/search-service/csv/', { status: 'removed' });
      expect([who, posted.statusCode]).toEqual([who, status]);
    }
  });

  it('finds every status newest first, narrowed by each filter, with moderation facts', async () => {
    const mod = users['mod']!;
    const all = await search(mod, '');
    expect(all.json<Found>().count).toBe(5);
    expect(ids(all)).toEqual(['formula', 'gatostk', 'dogfail', 'catgone', 'catready']);

    const cats = await search(mod, 'q=cats');
    expect(ids(cats)).toEqual(['gatostk', 'catgone', 'catready']);
    expect(cats.json<Found>().gps_keywords.slice(0, 1)).toEqual(['cat']);
    expect(cats.json<Found>().gps_keywords).toContain('gato');
    const removed = cats.json<Found>().results.find((r) => r.id === 'catgone')!;
    expect(removed.moderation).toMatchObject({
      status: 'removed',
      uploader_username: 'ben',
      reports: { total: 2, open: 1 },
      flags: { total: 0, open: 0 },
    });

    const filtered: [string, string[]][] = [
      ['status=removed,failed', ['dogfail', 'catgone']],
      ['status=failed', ['dogfail']],
      ['username=ANN', ['dogfail', 'catready']],
      ['rating=pg-13', ['catgone']],
      ['type=sticker', ['gatostk']],
      ['lang=es', ['gatostk']],
      ['has_reports=true', ['catgone']],
      ['has_reports=false&q=cat', ['gatostk', 'catready']],
      ['flagged=true', ['gatostk']],
      ['created_from=2026-02-10&created_to=2026-03-10', ['dogfail', 'catgone']],
      ['min_bytes=1500&max_bytes=3000', ['catgone']],
      ['q=cat&status=ready&offset=1&limit=1', ['catready']],
      ['q=catgone', ['catgone']],
      ['q=nothingmatches', []],
    ];
    for (const [query, expected] of filtered)
      expect([query, ids(await search(mod, query))]).toEqual([query, expected]);
    expect((await search(mod, 'q=cat&limit=1')).json<Found>().count).toBe(3);
  });

  it('refuses bad filters with a 400 naming them', async () => {
    const bad = [
      'status=deleted',
      'status=',
      'rating=x',
      'type=video,gif',
      'lang=english',
      'has_reports=yes',
      'created_from=2026-13-01',
      'created_to=yesterday',
      'min_bytes=-1',
      'offset=10001',
      'limit=0',
      'limit=101',
      `q=${'a'.repeat(201)}`,
      'unknown=1',
      'q=a&q=b',
    ];
    for (const query of bad) {
      const response = await search(users['adm']!, query);
      expect([query, response.statusCode, code(response)]).toEqual([query, 400, 'invalid_request']);
    }
    const csv = await users['adm']!.get('/api/v1/search-service/csv/?offset=5');
    expect([csv.statusCode, code(csv)]).toEqual([400, 'invalid_request']);
  });

  it('exports the matches as CSV, spreadsheet formulas made inert', async () => {
    const response = await users['adm']!.get('/api/v1/search-service/csv/?status=ready');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="jiffy-gifs.csv"');
    const [header, ...rows] = parseCsv(response.body);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col('id')])).toEqual(['formula', 'gatostk', 'catready']);
    const formula = rows[0]!;
    expect(formula[col('title')]).toBe(`'=HYPERLINK("http://evil.example","click, me")`);
    expect(formula[col('tags')]).toBe('-1+2 | line\nbreak'.replace(/^/, "'"));
    expect(formula[col('uploader')]).toBe('ben');
    const gato = rows[1]!;
    expect([gato[col('type')], gato[col('flags_open')], gato[col('bytes')]]).toEqual([
      'sticker',
      '1',
      '5000000',
    ]);
    // The POST carries the same filters in its body (with the CSRF echo, as every site change).
    const posted = await users['adm']!.post('/api/v1/search-service/csv/', { status: 'removed' });
    expect(
      parseCsv(posted.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['catgone']);
    const noCsrf = await users['adm']!.post('/api/v1/search-service/csv/', {}, 'omit');
    expect(noCsrf.statusCode).toBe(403);
  });

  it('e-mails a link to an export, which works for its requester alone, for a day', async () => {
    const { mod, adm, ann } = users;
    const refused = await ann!.post('/api/v1/search-service/csv/', { email: true });
    expect([refused.statusCode, code(refused)]).toEqual([403, 'forbidden']);
    const queued = await mod!.post('/api/v1/search-service/csv/', {
      status: 'removed,failed',
      email: true,
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({ data: { status: 'queued', email: 'mod@example.com' } });

    const mail = await vi.waitFor(
      async () => {
        const found = (await readOutbox(t.dataDir)).find((m) => m.to === 'mod@example.com');
        if (!found) throw new Error('no mail yet');
        return found;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(mail.subject).toBe('Your Jiffy export is ready (2 GIFs)');
    const link = new URL(/https?:\/\/\S+\.csv/.exec(mail.text)![0]);
    const download = await mod!.get(link.pathname);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      parseCsv(download.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['dogfail', 'catgone']);

    // Another moderator, an admin, a user and a visitor learn nothing of it.
    const others: [SiteClient, number, string][] = [
      [adm!, 404, 'not_found'],
      [ann!, 403, 'forbidden'],
      [visitor, 401, 'not_signed_in'],
    ];
    for (const [client, status, errorCode] of others) {
      const response = await client.get(link.pathname);
      expect([response.statusCode, code(response)]).toEqual([status, errorCode]);
    }
    const name = path.basename(link.pathname);
    const guessed = name.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    for (const wrong of [guessed, '..%2F..%2Foutbox', `${name.slice(0, -4)}.partial`]) {
      const response = await mod!.get(`/api/v1/search-service/exports/${wrong}`);
      expect([wrong, response.statusCode]).toEqual([wrong, 404]);
    }

    // A day later the link is dead.
    const file = path.join(t.dataDir, 'exports', name);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await fs.utimes(file, dayAgo, dayAgo);
    expect((await mod!.get(link.pathname)).statusCode).toBe(404);
  });
});
