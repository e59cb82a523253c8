import Container from 'react-bootstrap/Container';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { PracticeDiary } from '../../features/practice/practice-diary';
import { RequirePractitioner } from '../../features/practice/require-practitioner';

export default function PracticeRoute() {
  return (
    <RequireSignIn>
      <Container className="pb-5 practice-diary">
        <RequirePractitioner>
          <PageHeading>Diary</PageHeading>
          <PracticeDiary />
        </RequirePractitioner>
      </Container>
    </RequireSignIn>
  );
}
