import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How answers are compressed, chosen with bench/compression (docs/decisions.md, "Compressed
 * answers"): brotli 4 and gzip 5 take a 25-GIF search from 41 KB to about 4 KB for a fraction
 * of a millisecond; higher levels save a few hundred bytes more for several times the CPU.
 */
export const COMPRESSION = {
  /** Brotli first when a client takes both: smaller at the same cost. */
  encodings: ['br', 'gzip'] as const,
  brotliQuality: 4,
  gzipLevel: 5,
  /** Below this a body fits a packet or two either way: compressing it saves nothing. */
  thresholdBytes: 1024,
  /**
   * Bodies up to this are compressed in one call, with their Content-Length; larger ones
   * (and streams) through a zlib stream, sent chunked. The plugin's default on two cores is
   * 8 KB, which sends every list answer and page down the stream path: a zlib context and a
   * pipeline per response, to spare the event loop a call that takes well under a millisecond.
   */
  syncBytes: 512 * 1024,
} as const;

/**
 * Text that compresses: pages, JSON, scripts, styles, SVG, XML, CSV. Not an event stream (each
 * event must reach the client when written), nor media or octet-streams (compressed already).
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[a-z.+-]*\+(?:json|xml))|image\/svg\+xml)/;

const brotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const gzipOptions = { level: COMPRESSION.gzipLevel };

/**
 * Compresses the server's text answers (pages, the APIs' JSON) as the client's Accept-Encoding
 * asks: brotli when offered, else gzip, else as they are. @fastify/compress does it for every
 * route registered after this, as the route's last onSend step, so the hooks before it (ETags,
 * Cache-Control, 304s) see the body as it is. Left as they are: bodies under the threshold,
 * partial content (a range counts bytes of the uncompressed file), answers that have a
 * Content-Encoding already (build assets sent precompressed) and types that do not compress
 * (media). Every answer that could have been compressed says `Vary: Accept-Encoding`, so a
 * shared cache keeps the variants apart.
 *
 * Register before any route. The not-found handler's answers (the site's channel, story and
 * category pages, and its 404 page) go through no route: they are compressed here, the same way.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are taken as they are sent, as before: no decompressing of uploads.
    globalDecompression: false,
    encodings: [...COMPRESSION.encodings],
    threshold: COMPRESSION.thresholdBytes,
    customTypes: COMPRESSIBLE,
    syncThreshold: COMPRESSION.syncBytes,
    brotliOptions,
    zlibOptions: gzipOptions,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!compressible(reply, payload)) return done(null, payload);
    varyOnEncoding(reply);
    done(null, request.is404 ? compressedNotFound(request, reply, payload) : payload);
  });
}

type Body = string | Buffer;

function compressible(reply: FastifyReply, payload: unknown): payload is Body {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (reply.statusCode === 206 || reply.statusCode === 304) return false;
  const encoding = reply.getHeader('content-encoding');
  if (encoding !== undefined && encoding !== 'identity') return false;
  const type = reply.getHeader('content-type');
  return (
    typeof type === 'string' &&
    COMPRESSIBLE.test(type) &&
    Buffer.byteLength(payload) >= COMPRESSION.thresholdBytes
  );
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const values = vary === undefined ? [] : String(vary).split(',');
  if (values.some((value) => /^\s*(?:accept-encoding|\*)\s*$/i.test(value))) return;
  void reply.header('vary', [...values.map((v) => v.trim()), 'accept-encoding'].join(', '));
}

/** A not-found answer compressed as @fastify/compress does a route's (its hooks miss these). */
function compressedNotFound(request: FastifyRequest, reply: FastifyReply, payload: Body): Body {
  const header = request.headers['accept-encoding'];
  if (!header) return payload;
  // As @fastify/compress reads it: `*` and `x-gzip` stand for gzip.
  const encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [
    ...COMPRESSION.encodings,
  ]);
  if (encoding === null) return payload;
  const compressed =
    encoding === 'br'
      ? zlib.brotliCompressSync(payload, brotliOptions)
      : zlib.gzipSync(payload, gzipOptions);
  void reply.header('content-encoding', encoding).header('content-length', compressed.length);
  return compressed;
}
