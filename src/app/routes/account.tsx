import { AccountPage } from '../../features/auth/account/account-page';

export default function AccountRoute() {
  return <AccountPage />;
}
