import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Json = Record<string, unknown>;

/**
 * Bodies that take fields Jiffy does not know on purpose: GIPHY's upload and pingbacks, whose
 * clients send what GIPHY accepts (GIPHY ignores the rest), and Jiffy's own analytics batch,
 * which drops a malformed event rather than the batch.
 */
const LOOSE_ON_PURPOSE = new Set([
  'post /v1/gifs',
  'post /v2/pingback',
  'post /api/v1/analytics/events',
]);

// An unknown field in a body is a mistake or a probe (`send_mail` where the field is
// `send_email`): it is refused with a 400 naming it, and nothing is done.
describe('every body schema is strict', () => {
  let t: TestJiffy;
  let mod: SiteClient;
  let adm: SiteClient;
  let ann: SiteClient;
  beforeAll(async () => {
    t = await startTestJiffy();
    ({ mod, adm, ann } = (await permissionMatrix(t)).users as Record<
      'mod' | 'adm' | 'ann',
      SiteClient
    >);
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'strictgif',
      title: 'Kept as it is',
      user_id: 'idann',
    });
  });
  afterAll(() => t.stop());

  const refusal = (response: { statusCode: number; json: <T>() => T }) => [
    response.statusCode,
    response.json<{ error: { code: string; message: string } }>().error.code,
    /send_mail/.test(response.json<{ error: { message: string } }>().error.message),
  ];

  it('refuses send_mail on takedown, restore, the audit log and a GIF update, and changes nothing', async () => {
    const takedown = await mod.post('/api/v3/content-takedown/takedown', {
      gif_id: 'strictgif',
      reason: 'spam',
      send_mail: true,
    });
    expect(refusal(takedown)).toEqual([400, 'invalid_request', true]);
    const restore = await adm.post('/api/v3/content-takedown/restore', {
      gif_id: 'strictgif',
      send_mail: true,
    });
    expect(refusal(restore)).toEqual([400, 'invalid_request', true]);
    const auditLog = await adm.get('/api/v3/moderation/audit-log?send_mail=1');
    expect(refusal(auditLog)).toEqual([400, 'invalid_request', true]);
    const update = await ann.post('/ajax/gif/update', {
      gif_id: 'strictgif',
      key: 'title',
      value: 'Changed',
      send_mail: true,
    });
    expect(refusal(update)).toEqual([400, 'invalid_request', true]);

    // The GIF is still up, under its old title, and the audit log recorded nothing.
    const gif = await t.jiffy.app.inject(`/v1/gifs/strictgif?api_key=${t.apiKey}`);
    expect(gif.statusCode).toBe(200);
    expect(gif.json<{ data: { title: string } }>().data.title).toBe('Kept as it is');
    const log = await adm.get('/api/v3/moderation/audit-log');
    expect(log.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('documents every JSON and form body as closed (additionalProperties: false), but for GIPHY’s own', async () => {
    const document = (await t.jiffy.app.inject('/openapi.json')).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, Json> } }>>;
      components?: { schemas?: Record<string, Json> };
    }>();
    const resolve = (schema: Json): Json => {
      const ref = schema.$ref;
      if (typeof ref !== 'string') return schema;
      return resolve(document.components!.schemas![ref.split('/').at(-1)!]!);
    };
    /** The object schemas of `schema` that accept properties they do not name. */
    const open = (schema: Json): string[] => {
      const resolved = resolve(schema);
      const options = ['anyOf', 'oneOf', 'allOf'].flatMap(
        (key) => (resolved[key] as Json[] | undefined) ?? [],
      );
      if (options.length) return options.flatMap(open);
      const isObject = resolved.type === 'object' || resolved.properties !== undefined;
      return isObject && resolved.additionalProperties !== false
        ? [Object.keys((resolved.properties as Json | undefined) ?? {}).join(',')]
        : [];
    };
    const loose: string[] = [];
    let bodies = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const media of Object.values(operation.requestBody?.content ?? {})) {
          bodies++;
          const route = `${method} ${path.replace(/\/$/, '')}`;
          if (LOOSE_ON_PURPOSE.has(route)) continue;
          const where = open(media.schema as Json);
          if (where.length) loose.push(`${route}: {${where.join('} {')}}`);
        }
      }
    }
    expect(loose).toEqual([]);
    expect(bodies).toBeGreaterThan(40);
  });
});
