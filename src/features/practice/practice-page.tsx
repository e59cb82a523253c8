import type { ReactNode } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
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
      <PracticeDiary notices={notices} />
    </RequirePractitioner>
  );
}
