import type { FastifyRequest } from 'fastify';
import { addressBucket } from '../../platform/http/client-address.ts';

/**
 * Who is searching, as trending searches count people: the signed-in user (any of their
 * sessions is the same person), else the caller's address bucket (an IPv6 caller by its /64).
 * A plain value for the services, which never see the request; DiscoveryService stores it
 * hashed only. A session cookie that names no live session counts as the address, so made-up
 * cookies cannot pass for more people. The route declares `auth: 'optional-session'`, so its
 * principal is the signed-in user.
 */
export function searchVisitor(request: FastifyRequest): string {
  const user = request.principal;
  return user ? `user:${user.id}` : `address:${addressBucket(request.ip)}`;
}
