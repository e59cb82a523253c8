import { useEffect, useState } from 'react';
import { paths } from '../../config/routes';
import type { User } from '../../lib/firebase';
import { NavbarLink } from '../../lib/navigation';

/** Whether the signed-in account carries the practitioner's claim (the server checks it too). */
function useIsPractitioner(user: User | undefined): boolean {
  const [claim, setClaim] = useState<{ uid: string; practitioner: boolean } | null>(null);
  useEffect(() => {
    if (!user) return;
    let current = true;
    // The cached token: a claim granted since sign-in shows after the next sign-in.
    user.getIdTokenResult().then(
      (token) => {
        if (current) setClaim({ uid: user.uid, practitioner: token.claims.practitioner === true });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [user]);
  return !!user && claim?.uid === user.uid && claim.practitioner;
}

/** The navbar's "Diary" link, for the practitioner only (app/ places it beside the account links). */
export function DiaryNavItem({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const practitioner = useIsPractitioner(user);
  if (!practitioner) return null;
  return (
    <NavbarLink to={paths.practice} onNavigate={onNavigate}>
      Diary
    </NavbarLink>
  );
}
