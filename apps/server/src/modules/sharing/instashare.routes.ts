import { instashareAnswer } from '@jiffy/contracts';
import type { FastifyInstance } from 'fastify';
import { withRetryAfter } from '../accounts/index.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { instashareBody } from './instashare-input.schema.ts';
import { presentInstashare } from './instashare.presenter.ts';
import type { InstashareService } from './instashare.service.ts';

/** `POST /ajax/instashare/`: e-mail a GIF to an address (signed in, CSRF, limited). */
export function instashareRoutes(
  app: FastifyInstance,
  deps: { instashare: InstashareService },
): void {
  const instashare = documented({
    summary: 'E-mail a GIF to an address (anyone signed in)',
    errors: ['gif_not_found', 'too_many_attempts', 'mail_not_sent'],
    description:
      "No words of the sender's own go with it. Limited per sender and per address; counts " +
      'as an `email` share.',
    body: instashareBody,
    responses: { 201: instashareAnswer },
    auth: 'session',
  });
  app.post('/ajax/instashare/', instashare, async (request, reply) => {
    const input = parseInput(instashareBody, request.body ?? {});
    const sent = await withRetryAfter(
      reply,
      deps.instashare.send(request.principal, input.gif_id, input.to),
    );
    return reply.status(201).send({ data: presentInstashare(sent) });
  });
}
