import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import type { GifCtaService } from './gif-cta.service.ts';
import { gifIdParams } from '../../platform/http/input-schemas.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { ctaAnswer } from '@jiffy/contracts';

const apiKeyQuery = z.looseObject({ api_key: z.string().max(256).optional() });

const ctaBody = z.strictObject({
  link: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'must be an http(s) URL'),
  text: z.string().trim().min(1).max(40),
});

/**
 * `PUT` / `DELETE /v1/gifs/{id}/cta`: a call to action on a GIF. Public API dialect (an
 * api_key), acting as the user of `Authorization: Token`: only the GIF's owner or a moderator.
 */
export function ctaRoutes(
  app: FastifyInstance,
  deps: {
    ctas: GifCtaService;
    apiKeys: ApiKeyService;
  },
): void {
  async function target(request: FastifyRequest) {
    const query = (request.query ?? {}) as Record<string, unknown>;
    await deps.apiKeys.verify(query.api_key);
    const { id } = parseInput(gifIdParams, request.params);
    const gif = await deps.ctas.readyGif(id);
    // Only a token authenticates here (auth `token`): the public API takes no cookies, so no
    // CSRF either.
    const actor = request.principal;
    deps.ctas.checkMayChange(actor, gif);
    return { gif, actor };
  }

  const setCta = documented({
    summary: "Set a GIF's call to action (its owner or a moderator)",
    description: '`link` and `text` in the body or the query.',
    query: apiKeyQuery,
    params: gifIdParams,
    body: ctaBody,
    responses: { 200: ctaAnswer },
    auth: 'token',
    apiKey: 'required',
  });
  app.put('/v1/gifs/:id/cta', setCta, async (request) => {
    const { gif, actor } = await target(request);
    // The query may carry other parameters (the key); only its `link` and `text` are fields.
    const { link: queryLink, text: queryText } = (request.query ?? {}) as Record<string, unknown>;
    const fromQuery = { link: queryLink, text: queryText };
    const fields = Object.fromEntries(Object.entries(fromQuery).filter(([, v]) => v !== undefined));
    const { link, text } = parseInput(ctaBody, { ...fields, ...(request.body ?? {}) });
    await deps.ctas.set(actor, gif, { link, text });
    return okEnvelope({ id: gif.id, cta: { link, text } }, request);
  });

  const removeCta = documented({
    summary: "Remove a GIF's call to action",
    query: apiKeyQuery,
    params: gifIdParams,
    responses: { 200: ctaAnswer },
    auth: 'token',
    apiKey: 'required',
  });
  app.delete('/v1/gifs/:id/cta', removeCta, async (request) => {
    const { gif, actor } = await target(request);
    await deps.ctas.set(actor, gif, null);
    return okEnvelope({ id: gif.id, cta: null }, request);
  });
}
