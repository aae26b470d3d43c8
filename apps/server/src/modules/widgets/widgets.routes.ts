import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { mediaSources } from '../../platform/lib/media-sources.ts';
import { DEMO_SCRIPT, renderWidgetsPage } from './widgets-demo.ts';
import { FRAMEABLE } from '../../platform/http/frame-policy.ts';
import { ANONYMOUS } from '../../platform/http/route-policy.ts';
import { serveBuiltAssets } from '../../platform/http/static-assets.ts';

/** The standalone bundle the widget package builds (`npm run build`, run by `npm install`). */
const bundleFile = () => fileURLToPath(import.meta.resolve('@jiffy/widgets/standalone'));

/** `/widgets` (the demo page) and `/widgets-assets/*` (the standalone bundle, for any site). */
export function widgetsRoutes(
  app: FastifyInstance,
  deps: { publicUrl: string; mediaBaseUrl: string; apiKey: string },
): void {
  const bundle = bundleFile();
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build`);
  const demoScript = Buffer.from(DEMO_SCRIPT);
  const media = mediaSources(deps);
  const policy = `default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' ${media} data:; media-src 'self' ${media}; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'`;

  app.get('/widgets', ANONYMOUS, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .send(renderWidgetsPage(deps.publicUrl, deps.apiKey)),
  );
  // Other sites load the bundle with a <script> tag: it must be fetchable from anywhere.
  const headers = { 'access-control-allow-origin': '*' };
  serveBuiltAssets(app, {
    root: path.dirname(bundle),
    prefix: '/widgets-assets/',
    only: [path.basename(bundle)],
    headers,
    frameable: true,
  });
  // The demo page's own script, made here (a static route wins over the folder's wildcard).
  app.get('/widgets-assets/demo.js', FRAMEABLE, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .headers({ ...headers, 'cache-control': 'public, max-age=3600' })
      .send(demoScript),
  );
}
