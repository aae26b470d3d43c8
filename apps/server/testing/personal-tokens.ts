import type { LightMyRequestResponse } from 'fastify';
import type { Method } from './route-list.ts';
import type { SiteClient } from './site-client.ts';
import type { TestJiffy } from './test-jiffy.ts';

/** A personal token for each signed-in client, made through the site's own call. */
export async function personalTokens(
  clients: Record<string, SiteClient>,
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [name, client] of Object.entries(clients)) {
    const made = await client.post('/api/v3/tokens', { name: 'gateway' });
    if (made.statusCode !== 201) throw new Error(`token for ${name}: ${made.body}`);
    tokens[name] = made.json<{ data: { token: string } }>().data.token;
  }
  return tokens;
}

/** A call as a script makes it: `Authorization: Token …`, no cookies, no CSRF header. */
export function withToken(
  t: TestJiffy,
  token: string,
  options: { method?: Method; url: string; body?: object },
): Promise<LightMyRequestResponse> {
  return t.jiffy.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers: { authorization: `Token ${token}` },
    ...(options.body ? { payload: options.body } : {}),
  });
}
