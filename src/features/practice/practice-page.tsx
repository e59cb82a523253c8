import { useState, type ReactNode } from 'react';
import { LazyPart } from '../../components/layout/lazy-part';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import { lazyPrefetched, usePrefetchAfterFirstContent } from '../../lib/lazy-prefetched';
import type { MoveSlot } from './move-slot';
import { PracticeDiary } from './practice-diary';
import { RequirePractitioner } from './require-practitioner';

// Shown only once "Your hours" is pressed: downloaded after the diary, so that they open at once.
const WorkingHoursForm = lazyPrefetched(() =>
  import('./working-hours-form').then((module) => ({ default: module.WorkingHoursForm })),
);
const BusyCalendarForm = lazyPrefetched(() =>
  import('./busy-calendar-form').then((module) => ({ default: module.BusyCalendarForm })),
);

/** Inside the practitioner's gate: nobody else downloads her forms. */
function PrefetchHours() {
  usePrefetchAfterFirstContent(WorkingHoursForm.prefetch, BusyCalendarForm.prefetch);
  return null;
}

/**
 * The diary behind its practitioner check (loaded only on /practice; what it shows only later
 * downloads after its first content). `notices` are shown at the top, to the practitioner alone:
 * the app composes other features' notices there.
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
      <PrefetchHours />
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
          <LazyPart
            loading={
              <p role="status" className="mb-0">
                Loading…
              </p>
            }
          >
            <WorkingHoursForm />
            <BusyCalendarForm />
          </LazyPart>
        </section>
      )}
      <PracticeDiary notices={notices} moveDialog={moveDialog} />
    </RequirePractitioner>
  );
}
