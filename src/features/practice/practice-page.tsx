import type { ReactNode } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
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
      <PracticeDiary notices={notices} moveDialog={moveDialog} />
    </RequirePractitioner>
  );
}
