import { trimContentTypes } from '@jiffy/contracts';
import type { FastifyReply } from 'fastify';
import type { TrimmedClip } from './trim.service.ts';

/**
 * The clip is the answer's body. The kept span goes in headers, so a caller that asked past
 * the end learns what it got. Never cached: the answer depends on a private upload or a URL.
 */
export function presentTrimmedClip(reply: FastifyReply, clip: TrimmedClip): FastifyReply {
  return reply
    .header('content-type', trimContentTypes[clip.format])
    .header('content-disposition', `inline; filename="trim.${clip.format}"`)
    .header('cache-control', 'private, no-store')
    .header('x-trim-start', clip.startSeconds.toFixed(3))
    .header('x-trim-duration', clip.durationSeconds.toFixed(3))
    .send(clip.bytes);
}
