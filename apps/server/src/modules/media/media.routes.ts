import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renditionContentTypes, type RenditionFileFormat } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import { avatarStorageKey, type AvatarService } from '../users/index.ts';
import { parseRange } from './byte-range.ts';
import { ID_PATTERN } from '../../platform/lib/ids.ts';
import { FRAMEABLE } from '../../platform/http/frame-policy.ts';
import type { OnDemandRenditionService } from '../tenor/index.ts';
import type { ServableRenditions } from './servable-renditions.ts';

const FILE = /^([a-z0-9_]{1,40})\.(gif|mp4|webp|jpg|png|webm)$/;

/**
 * `GET|HEAD /media/:id/:rendition.:ext`. Files never change once written (a new version would
 * be a new GIF), so they are cached for a year as immutable; ETag is the content hash.
 */
export function mediaRoutes(
  app: FastifyInstance,
  deps: {
    servable: ServableRenditions;
    storage: BlobStorage;
    avatars: AvatarService;
    onDemand: OnDemandRenditionService;
  },
): void {
  avatarRoute(app, deps.storage, deps.avatars);
  // HEAD is declared, not derived from GET: the derived one would read the whole file to drop it.
  app.route<{ Params: { id: string; file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:id/:file',
    ...FRAMEABLE,
    handler: async (request, reply) => {
      const match = FILE.exec(request.params.file);
      if (!ID_PATTERN.test(request.params.id) || !match) {
        throw new AppError('rendition_not_found', 'No such media file.');
      }
      const [, name, format] = match as unknown as [string, string, RenditionFileFormat];
      let rendition = await deps.servable.find(request.params.id, name, format);
      // Tenor's WebM and nano sizes are made the first time their URL is asked for.
      if (!rendition && deps.onDemand.makes(name, format)) {
        rendition = await deps.onDemand.ensure(request.params.id, name, format);
      }
      if (!rendition) {
        if (await deps.servable.isRemoved(request.params.id))
          throw new AppError('gif_removed', 'This GIF was taken down.');
        throw new AppError('rendition_not_found', 'No such media file.');
      }
      const info = await deps.storage.stat(rendition.storage_key);
      if (!info) throw new AppError('rendition_not_found', 'The media file is missing.');
      return sendImmutable({
        request,
        reply,
        storage: deps.storage,
        key: rendition.storage_key,
        size: info.size,
        contentType: renditionContentTypes[format],
        etag: `"${rendition.sha256}"`,
        lastModified: rendition.created_at,
      });
    },
  });
}

/**
 * `GET|HEAD /media/avatars/...`: uploaded avatars (`<user id>/<key>.gif`, `<user id>/<key>/80h.gif`
 * ...) and the five defaults. A new avatar gets a new key, so these are immutable too.
 */
function avatarRoute(app: FastifyInstance, storage: BlobStorage, avatars: AvatarService): void {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/avatars/*',
    ...FRAMEABLE,
    handler: async (request, reply) => {
      const key = avatarStorageKey(request.params['*']);
      let info = key ? await storage.stat(key) : null;
      // The defaults are drawn on first use, so a test server or a fresh start pays nothing.
      if (key?.startsWith('avatars/default') && !info) {
        await avatars.ensureDefaults();
        info = await storage.stat(key);
      }
      if (!key || !info) throw new AppError('rendition_not_found', 'No such avatar.');
      return sendImmutable({
        request,
        reply,
        storage,
        key,
        size: info.size,
        contentType: 'image/gif',
        etag: `"${key.replaceAll('/', '-')}-${info.size}"`,
        lastModified: info.modifiedAt,
      });
    },
  });
}

/** Media never changes under its URL: cached a year, revalidated by ETag, ranges allowed. */
function sendImmutable(options: {
  request: FastifyRequest;
  reply: FastifyReply;
  storage: BlobStorage;
  key: string;
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}) {
  const { request, reply, etag } = options;
  reply
    .header('content-type', options.contentType)
    .header('etag', etag)
    .header('last-modified', options.lastModified.toUTCString())
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes')
    .header('access-control-allow-origin', '*');
  if (notModified(request, etag)) return reply.status(304).send();
  const rangeApplies = ifRangeHolds(request, etag, options.lastModified);
  return sendBody({ ...options, rangeApplies });
}

/**
 * `If-Range` (RFC 9110, section 13.1.5): a client resuming a download sends the validator of
 * the copy it holds; when that is not this file's (strong ETag, or exactly its Last-Modified
 * date), the range would splice two files together, so the whole file is sent instead.
 */
function ifRangeHolds(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const header = request.headers['if-range'];
  if (typeof header !== 'string') return true;
  const validator = header.trim();
  if (validator.startsWith('"') || validator.startsWith('W/')) return validator === etag;
  const date = Date.parse(validator);
  return !Number.isNaN(date) && date === Math.floor(lastModified.getTime() / 1000) * 1000;
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return (
    typeof header === 'string' &&
    header.split(',').some((t) => t.trim() === etag || t.trim() === '*')
  );
}

function sendBody(options: {
  request: FastifyRequest;
  reply: FastifyReply;
  storage: BlobStorage;
  key: string;
  size: number;
  rangeApplies: boolean;
}) {
  const { request, reply, storage, key, size } = options;
  const rangeHeader = options.rangeApplies ? request.headers.range : undefined;
  const range = rangeHeader ? parseRange(rangeHeader, size) : null;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new AppError('range_not_satisfiable', 'The requested range is outside the file.');
  }
  const isHead = request.method === 'HEAD';
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(isHead ? undefined : storage.read(key, range));
  }
  reply.header('content-length', size);
  return reply.send(isHead ? undefined : storage.read(key));
}
