import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serveBuiltAssets } from '../../platform/http/static-assets.ts';

/** The standalone bundle the widget package builds (`npm run build`, run by `npm install`). */
const bundleFile = () => fileURLToPath(import.meta.resolve('@jiffy/widgets/standalone'));

/**
 * `/widgets-assets/*`: the standalone bundle, for any site. The demo page, `/widgets`, is a page
 * of the site (apps/web WidgetsPage), in the site's frame like every other page.
 */
export function widgetsRoutes(app: FastifyInstance): void {
  const bundle = bundleFile();
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build`);
  // Other sites load the bundle with a <script> tag: it must be fetchable from anywhere.
  serveBuiltAssets(app, {
    root: path.dirname(bundle),
    prefix: '/widgets-assets/',
    only: [path.basename(bundle)],
    headers: { 'access-control-allow-origin': '*' },
    frameable: true,
  });
}
