import { useState } from 'react';
import { useNavigate } from 'react-router';
import { safeNext, takeNextAfterConfirm } from './next-page.ts';
import { useSessionChanged, type SessionUser } from './use-session.ts';

/**
 * What follows a confirmed address, which signed its account in: the header learns who is
 * signed in, then the page the sign-up was headed to opens (`next`, or the one this browser
 * kept at sign-up), or else `welcomed` holds the new user for a welcome in place.
 */
export function useAccountConfirmed(next: string | null) {
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const [welcomed, setWelcomed] = useState<SessionUser | null>(null);
  const confirmed = async (user: SessionUser) => {
    const kept = takeNextAfterConfirm();
    await sessionChanged();
    const to = next ? safeNext(next) : kept;
    if (to) await navigate(to, { replace: true });
    else setWelcomed(user);
  };
  return { welcomed, confirmed };
}
