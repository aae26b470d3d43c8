import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ANONYMOUS } from '../route-policy.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import type { CatalogRoute } from './route-catalog.ts';

/** swagger-ui-dist's files the docs page needs, served from the install (never a CDN). */
const SWAGGER_UI_DIR = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// Its own script file rather than inline: the page's policy allows scripts from Jiffy only.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  defaultModelsExpandDepth: 0,
});
`;
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Jiffy API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'";

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document written from the routes' own schemas (built
 * once, at the first call, when every route is registered). `GET /docs`: Swagger UI reading it.
 */
export function openApiRoutes(
  app: FastifyInstance,
  deps: { routes: () => CatalogRoute[]; version: string; publicUrl: string },
): void {
  let body: string | undefined;
  app.get('/openapi.json', ANONYMOUS, async (_request, reply) => {
    body ??= JSON.stringify(
      buildOpenApiDocument(deps.routes(), {
        version: deps.version,
        serverUrl: deps.publicUrl,
      }).document,
    );
    return reply
      .type('application/json; charset=utf-8')
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });

  app.get('/docs', ANONYMOUS, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .send(PAGE),
  );
  app.get('/docs/init.js', ANONYMOUS, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  const files = new Map<string, Buffer>();
  for (const [name, type] of Object.entries(assets)) {
    app.get(`/docs/${name}`, ANONYMOUS, async (_request, reply) => {
      let bytes = files.get(name);
      if (!bytes) {
        bytes = await fs.readFile(path.join(SWAGGER_UI_DIR, name));
        files.set(name, bytes);
      }
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(bytes);
    });
  }
}
