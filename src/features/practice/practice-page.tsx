import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import type { MoveSlot } from './move-slot';
import { PracticeDiary } from './practice-diary';
import { RequirePractitioner } from './require-practitioner';
import { BusyCalendarForm } from './busy-calendar-form';
import { WorkingHoursForm } from './working-hours-form';

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
  const [hoursOpen, setHoursOpen] = useState(false);
  return (
    <RequirePractitioner>
      <PageHeading>Diary</PageHeading>
      <p className="d-flex flex-wrap align-items-center gap-3">
        <Link to={paths.practicePayments}>Payments this month</Link>
        <Link to={paths.practiceNotesRequests}>Notes requests</Link>
        <Link to={paths.practiceRetained}>Retained records</Link>
        <Button
          variant="outline-primary"
          size="sm"
          aria-expanded={hoursOpen}
          aria-controls="your-hours"
          onClick={() => setHoursOpen((open) => !open)}
        >
          Your hours
        </Button>
      </p>
      {hoursOpen && (
        <section id="your-hours" className="card card-body mb-4">
          <WorkingHoursForm />
          <BusyCalendarForm />
        </section>
      )}
      <PracticeDiary notices={notices} moveDialog={moveDialog} />
    </RequirePractitioner>
  );
}
