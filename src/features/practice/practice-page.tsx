import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import type { MoveSlot } from './move-slot';
import { PracticeDiary } from './practice-diary';
import { RequirePractitioner } from './require-practitioner';

/**
 * The diary behind its practitioner check (one chunk, loaded only on /practice). `notices` are
 * shown at the top, to the practitioner alone: the app composes other features' notices there.
 */
export function PracticePage({
  notices,
  moveDialog,
}: {
  notices?: ReactNode;
  /** The time picker a session moves with (the app composes the bookings feature's one in). */
  moveDialog?: MoveSlot;
}) {
  return (
    <RequirePractitioner>
      <PageHeading>Diary</PageHeading>
      <p>
        <Link to={paths.practicePayments}>Payments this month</Link>
      </p>
      <PracticeDiary notices={notices} moveDialog={moveDialog} />
    </RequirePractitioner>
  );
}
