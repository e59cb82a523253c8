import { AccountNavItem } from '../features/auth/account-nav-item';
import { useSession } from '../features/auth/session';
import { DiaryNavItem } from '../features/practice/diary-nav-item';

/** "Diary" for the practitioner: the auth feature knows the account, the practice feature the link. */
function DiaryNavSlot({ onNavigate }: { onNavigate: () => void }) {
  const { session } = useSession();
  if (session.status !== 'signed-in') return null;
  return <DiaryNavItem key={session.user.uid} user={session.user} onNavigate={onNavigate} />;
}

/** The navbar's account links, for the app's layout and for the header's island alike. */
export function accountSlot(close: () => void) {
  return (
    <>
      <DiaryNavSlot onNavigate={close} />
      <AccountNavItem onNavigate={close} />
    </>
  );
}
