import type { User } from '../../../lib/firebase';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { DisplayNameForm } from './display-name-form';

/**
 * What the account page changes through the identity SDK: its own chunk, which downloads after the
 * page's first content, as the SDK does (account-page.tsx).
 */
export function AccountForms({
  user,
  onLeaving,
}: {
  user: User;
  onLeaving: (leaving: boolean) => void;
}) {
  return (
    <>
      <DisplayNameForm user={user} />
      <ChangeEmailForm user={user} />
      <ChangePasswordForm user={user} />
      <DeleteAccount user={user} onLeaving={onLeaving} />
    </>
  );
}
