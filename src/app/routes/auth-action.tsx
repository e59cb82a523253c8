import { EmailActionPage } from '../../features/auth/email-action';

export default function AuthActionRoute() {
  return <EmailActionPage />;
}
