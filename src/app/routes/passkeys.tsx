import { PasskeysPage } from '../../features/auth/account/passkeys-page';

export default function PasskeysRoute() {
  return <PasskeysPage />;
}
