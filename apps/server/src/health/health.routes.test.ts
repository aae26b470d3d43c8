import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';

describe('health', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
  });
  afterAll(() => t.stop());

  it('says the process is up and the database ready', async () => {
    expect((await t.jiffy.app!.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.jiffy.app!.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown routes with a 404 in the envelope of their surface', async () => {
    const site = await t.jiffy.app!.inject('/api/v1/nothing-here');
    expect(site.statusCode).toBe(404);
    expect(site.json()).toMatchObject({ error: { code: 'not_found' } });
    const publicApi = await t.jiffy.app!.inject('/v1/nothing-here');
    expect(publicApi.json()).toMatchObject({ meta: { status: 404, error_code: 'not_found' } });
    expect(publicApi.json<{ meta: { response_id: string } }>().meta.response_id).not.toBe('');
  });
});
