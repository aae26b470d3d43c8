import type { RemoteFollower } from '@jiffy/contracts';
import type { FederationFollowerRow } from '../../platform/db/schema.ts';
import type { BlockedHostRow } from './blocked-host.repository.ts';

export function presentFollower(row: FederationFollowerRow): RemoteFollower {
  return {
    id: row.id,
    actor: row.remote_actor,
    handle: row.remote_handle,
    host: row.remote_host,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

export function presentBlockedHost(row: BlockedHostRow) {
  return { host: row.host, created_at: row.created_at.toISOString() };
}
