import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import { PracticeDiary } from './practice-diary';
import { RequirePractitioner } from './require-practitioner';

/**
 * The diary behind its practitioner check (one chunk, loaded only on /practice). `notices` are
 * shown at the top, to the practitioner alone: the app composes other features' notices there.
 */
export function PracticePage({ notices }: { notices?: ReactNode }) {
  return (
    <RequirePractitioner>
      <PageHeading>Diary</PageHeading>
      <p>
        <Link to={paths.practicePayments}>Payments this month</Link>
      </p>
      <PracticeDiary notices={notices} />
    </RequirePractitioner>
  );
}
