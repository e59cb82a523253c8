import { PageHeading } from '../../components/layout/page-heading';
import { PracticeDiary } from './practice-diary';
import { RequirePractitioner } from './require-practitioner';

/** The diary behind its practitioner check (one chunk, loaded only on /practice). */
export function PracticePage() {
  return (
    <RequirePractitioner>
      <PageHeading>Diary</PageHeading>
      <PracticeDiary />
    </RequirePractitioner>
  );
}
