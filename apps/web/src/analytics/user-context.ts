import type { SessionUser } from '../account/use-session.ts';

/** The user analytics context, sent with every page view as its label. */
export interface UserContext {
  loggedInStatus: 'Logged In' | 'Logged Out';
  userType: string;
  verifiedStatus: 'Verified' | 'Not Verified';
  userID: string;
  loginMethod: string;
}

/** The context for the signed-in user, or for a visitor (no id, anonymous). */
export function userContextOf(user: SessionUser | null | undefined): UserContext {
  if (!user)
    return {
      loggedInStatus: 'Logged Out',
      userType: 'anonymous',
      verifiedStatus: 'Not Verified',
      userID: '',
      loginMethod: '',
    };
  return {
    loggedInStatus: 'Logged In',
    userType: user.role,
    verifiedStatus: user.is_verified ? 'Verified' : 'Not Verified',
    userID: user.id,
    // Jiffy signs in with a password only (no social logins).
    loginMethod: 'password',
  };
}
