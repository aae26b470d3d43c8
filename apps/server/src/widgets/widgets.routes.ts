import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { mediaSources } from '../lib/media-sources.ts';
import { DEMO_SCRIPT, renderWidgetsPage } from './widgets-demo.ts';
import { FRAMEABLE } from '../http/frame-policy.ts';

/** The standalone bundle the widget package builds (`npm run build`, run by `npm install`). */
function loadBundle(): Buffer {
  return fs.readFileSync(fileURLToPath(import.meta.resolve('@jiffy/widgets/standalone')));
}

/** `/widgets` (the demo page) and `/widgets-assets/*` (the standalone bundle, for any site). */
export function widgetsRoutes(
  app: FastifyInstance,
  deps: { publicUrl: string; mediaBaseUrl: string; apiKey: string },
): void {
  const scripts = new Map<string, Buffer>([
    ['jiffy-widgets.js', loadBundle()],
    ['demo.js', Buffer.from(DEMO_SCRIPT)],
  ]);
  const media = mediaSources(deps);
  const policy = `default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' ${media} data:; media-src 'self' ${media}; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'`;

  app.get('/widgets', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .send(renderWidgetsPage(deps.publicUrl, deps.apiKey)),
  );
  app.get<{ Params: { file: string } }>(
    '/widgets-assets/:file',
    FRAMEABLE,
    async (request, reply) => {
      const body = scripts.get(request.params.file);
      if (!body) throw new AppError('not_found', 'No such widget asset.');
      // Other sites load the bundle with a <script> tag: it must be fetchable from anywhere.
      return reply
        .type('text/javascript; charset=utf-8')
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    },
  );
}
