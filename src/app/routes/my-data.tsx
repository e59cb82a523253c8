import { Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { RequireSignIn } from '../../features/auth/require-sign-in';
import { lazyWhenSignedIn } from '../../lib/lazy-signed-in';

const MyDataPage = lazyWhenSignedIn(() =>
  import('../../features/clinical/my-data-page').then((module) => ({
    default: module.MyDataPage,
  })),
);

export default function MyDataRoute() {
  return (
    <RequireSignIn>
      <Container className="pb-5 clinical-page">
        <PageHeading>My data</PageHeading>
        <Suspense fallback={<LoadingScreen label="Gathering your data…" />}>
          <MyDataPage />
        </Suspense>
      </Container>
    </RequireSignIn>
  );
}
