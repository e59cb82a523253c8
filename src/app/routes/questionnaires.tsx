import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireVerifiedEmail } from '../../features/auth/require-verified-email';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

const QuestionnairesPage = lazyWhenSignedIn(() =>
  import('../../features/clinical/questionnaires-page').then((module) => ({
    default: module.QuestionnairesPage,
  })),
);

export default function QuestionnairesRoute() {
  return (
    <RequireVerifiedEmail>
      <Container className="pb-5 clinical-page">
        <PageHeading>Questionnaires</PageHeading>
        <Suspense fallback={<LoadingScreen label="Loading your questionnaires…" />}>
          <QuestionnairesPage />
        </Suspense>
      </Container>
    </RequireVerifiedEmail>
  );
}
