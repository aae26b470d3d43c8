import { describe, expect, it } from 'vitest';
import { isStaffRole, roleMay, type Role } from './role-permissions.ts';

const roles: Role[] = ['user', 'creator', 'moderator', 'admin'];
const holders = (permission: Parameters<typeof roleMay>[1]) =>
  roles.filter((role) => roleMay(role, permission));

describe('what a role may do, as the server and the site both read it', () => {
  it('gives nobody signed in, and a role it does not know, nothing', () => {
    expect(roleMay(null, 'story.write')).toBe(false);
    expect(roleMay(undefined, 'application.apply')).toBe(false);
    expect(roleMay('superuser', 'staff.appoint')).toBe(false);
    expect(isStaffRole(null)).toBe(false);
  });

  it('lets plain users apply, creators and staff write stories, staff write posts', () => {
    expect(holders('application.apply')).toEqual(['user']);
    expect(holders('story.write')).toEqual(['creator', 'moderator', 'admin']);
    expect(holders('post.write')).toEqual(['moderator', 'admin']);
    expect(holders('staff.appoint')).toEqual(['admin']);
    expect(roles.filter(isStaffRole)).toEqual(['moderator', 'admin']);
  });
});
