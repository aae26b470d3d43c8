import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('GIF reports', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  beforeAll(async () => {
    t = await startTestJiffy();
    users = await signedInUsers(t, [
      ['ann', 'user'],
      ['mod', 'moderator'],
    ]);
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'rep1', title: 'Questionable' });
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'gone', status: 'removed' });
    visitor = new SiteClient(t.jiffy.app);
    await visitor.get('/login/check');
  });
  afterAll(() => t.stop());

  const openReports = async () =>
    (await users.mod!.get('/api/v1/gif-reports')).json<{
      data: { gif_id: string; reason: string; note: string; reporter_user_id: string | null }[];
    }>().data;

  it('takes reports from visitors and signed-in users, once per user, and shows moderators', async () => {
    const anonymous = await visitor.post('/api/v1/gifs/rep1/reports', { reason: 'spam' });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.json()).toEqual({ data: { gif_id: 'rep1', status: 'received' } });
    const signed = await users.ann!.post('/api/v1/gifs/rep1/reports', {
      reason: 'copyright',
      note: '  It is my drawing.  ',
    });
    expect(signed.statusCode).toBe(201);
    const again = await users.ann!.post('/api/v1/gifs/rep1/reports', { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('already_reported');

    expect(await openReports()).toMatchObject([
      { gif_id: 'rep1', reason: 'spam', note: '', reporter_user_id: null },
      { gif_id: 'rep1', reason: 'copyright', note: 'It is my drawing.', reporter_user_id: 'idann' },
    ]);
  });

  it('refuses bad reasons, unknown GIFs, forged requests and non-moderator readers, storing nothing', async () => {
    const before = (await openReports()).length;
    const cases = [
      [visitor.post('/api/v1/gifs/rep1/reports', { reason: 'because' }), 400, 'invalid_request'],
      [
        visitor.post('/api/v1/gifs/rep1/reports', { reason: 'spam', note: 'x'.repeat(1001) }),
        400,
        'invalid_request',
      ],
      [visitor.post('/api/v1/gifs/rep1/reports', { reason: ['spam'] }), 400, 'invalid_request'],
      [visitor.post('/api/v1/gifs/nope/reports', { reason: 'spam' }), 404, 'gif_not_found'],
      [visitor.post('/api/v1/gifs/gone/reports', { reason: 'spam' }), 404, 'gif_not_found'],
      [visitor.post('/api/v1/gifs/rep1/reports', { reason: 'spam' }, 'omit'), 403, 'csrf_failed'],
      [users.ann!.get('/api/v1/gif-reports'), 403, 'forbidden'],
      [visitor.get('/api/v1/gif-reports'), 401, 'not_signed_in'],
    ] as const;
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: { code: string } }>().error.code).toBe(code);
    }
    expect((await openReports()).length).toBe(before);
  });
});
