import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../platform/db/schema.ts';
import { can, type Action } from './permissions.ts';

const roles: UserRole[] = ['user', 'creator', 'moderator', 'admin'];

// The whole matrix: for each action, which roles may act on their own object and on another's.
const expected: Record<Action, { own: UserRole[]; others: UserRole[] }> = {
  'user.view_private': { own: roles, others: ['admin'] },
  'user.edit': { own: roles, others: ['admin'] },
  'gif.upload_as': { own: roles, others: ['moderator', 'admin'] },
  'gif.upload_unmetered': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'gif.edit': { own: roles, others: ['moderator', 'admin'] },
  'gif.set_cta': { own: roles, others: ['moderator', 'admin'] },
  'gif.takedown': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'gif.restore': { own: ['admin'], others: ['admin'] },
  'gif.delete': { own: roles, others: ['moderator', 'admin'] },
  'moderation.audit_log': { own: ['admin'], others: ['admin'] },
  'gif.moderate': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'application.review': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'trending.schedule': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'story.write': {
    own: ['creator', 'moderator', 'admin'],
    others: ['creator', 'moderator', 'admin'],
  },
  'story.edit': { own: roles, others: ['moderator', 'admin'] },
  'story.view_unpublished': { own: roles, others: ['moderator', 'admin'] },
  'channel.edit': { own: roles, others: ['moderator', 'admin'] },
  'channel.editorial': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'analytics.view': { own: roles, others: ['moderator', 'admin'] },
  'trending.moderate_searches': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'studios.curate': { own: ['moderator', 'admin'], others: ['moderator', 'admin'] },
  'staff.appoint': { own: ['admin'], others: ['admin'] },
  'federation.followers': { own: roles, others: ['moderator', 'admin'] },
  'federation.block_hosts': { own: ['admin'], others: ['admin'] },
};

describe('permission table', () => {
  for (const [action, allowed] of Object.entries(expected) as [
    Action,
    (typeof expected)[Action],
  ][]) {
    it(`${action}: owners ${allowed.own.join('/')}, others' objects ${allowed.others.join('/')}`, () => {
      for (const role of roles) {
        const actor = { id: 'me', role };
        expect(can(actor, action, { ownerId: 'me' }), `${role} on own`).toBe(
          allowed.own.includes(role),
        );
        expect(can(actor, action, { ownerId: 'someone-else' }), `${role} on other's`).toBe(
          allowed.others.includes(role),
        );
      }
      expect(can(null, action, { ownerId: 'me' })).toBe(false);
    });
  }
});
