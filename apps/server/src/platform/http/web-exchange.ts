import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request as a Web `Request`, for a library that speaks the Fetch API (Fedify). Its URL
 * is on `origin` (PUBLIC_URL), so the library writes the instance's public URLs whatever
 * address the request reached this process by; the headers (Host included, which signatures
 * cover) are the caller's as sent. The body is the raw bytes the route's parser kept.
 */
export function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(request.url, origin), { method: request.method, headers, body });
}

/** Answers `reply` with a Web `Response`: its status, headers and body. */
export async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    // Fastify writes the length of what it sends; a stale one would cut or hang the answer.
    if (name !== 'content-length' && name !== 'transfer-encoding') reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
