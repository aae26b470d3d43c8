import { describe, expect, it } from 'vitest';
import { userContextOf } from './user-context.ts';

describe('the user analytics context', () => {
  it('describes a visitor and a signed-in, verified creator', () => {
    expect(userContextOf(null).loggedInStatus).toBe('Logged Out');
    expect(
      userContextOf({
        id: 'u1',
        username: 'ada',
        display_name: 'Ada',
        email: 'ada@example.test',
        role: 'creator',
        is_verified: true,
      }),
    ).toEqual({
      loggedInStatus: 'Logged In',
      userType: 'creator',
      verifiedStatus: 'Verified',
      userID: 'u1',
      loginMethod: 'password',
    });
  });
});
