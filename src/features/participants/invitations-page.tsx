import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { InvitationSchema, InvitationsSchema, type Invitation } from '../../../shared/participants';
import { LoadFailed } from '../../components/layout/load-failed';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { paths } from '../../config/routes';
import { apiRequest, errorSentence } from '../../lib/api';
import { describeTime } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';

const cadence = (everyWeeks: number | null) =>
  everyWeeks === 1 ? 'weekly, from' : everyWeeks === 2 ? 'fortnightly, from' : 'on';

function InvitationCard({
  invitation,
  onAnswered,
}: {
  invitation: Invitation;
  onAnswered: (answered: Invitation) => void;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const when = describeTime(invitation.start);
  const answer = async (action: 'accept' | 'decline') => {
    setPending(true);
    setProblem(undefined);
    try {
      onAnswered(
        await apiRequest(`/api/invitations/${invitation.id}/${action}`, InvitationSchema, {
          method: 'POST',
        }),
      );
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };
  const headingId = `invitation-${invitation.id}`;
  return (
    <Card as="section" className="mb-3 invitation" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} className="h5">
          {invitation.serviceName} with {invitation.bookerName}
        </h2>
        <p>
          {invitation.bookerName} has booked {invitation.serviceName},{' '}
          {cadence(invitation.everyWeeks)} <strong>{when.day}</strong> at{' '}
          <strong>{when.time}</strong> (UK time), and invites you to come too.
        </p>
        <p className="small">
          You join as a client in your own right: your own agreement, reminders and calendar
          invitation. What you tell the practitioner stays yours. The person who booked pays.
        </p>
        <div role="alert">{problem && <p className="alert alert-danger">{problem}</p>}</div>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="success" disabled={pending} onClick={() => void answer('accept')}>
            Join {invitation.serviceName}
          </Button>
          <Button
            variant="outline-secondary"
            disabled={pending}
            onClick={() => void answer('decline')}
          >
            Decline
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

/** The invitations waiting at the signed-in (verified) address, each to join or decline. */
export function InvitationsPage() {
  const { state, reload } = useResource('invitations', (signal) =>
    apiRequest('/api/invitations', InvitationsSchema, { signal }),
  );
  const [answered, setAnswered] = useState<Invitation>();

  if (state.status === 'loading') return <LoadingScreen label="Loading your invitations…" />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const invitations = state.data.invitations.filter((each) => each.id !== answered?.id);
  return (
    <>
      <div role="status">
        {answered?.status === 'joined' && (
          <div className="alert alert-success">
            <p className="mb-2">
              You have joined {answered.serviceName}. Before the first session, please give your
              details and accept the therapy agreement.
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Link to={paths.intake} className="btn btn-success">
                Your details and the agreement
              </Link>
              <Link to={paths.bookings} className="btn btn-outline-success">
                See My bookings
              </Link>
            </div>
          </div>
        )}
        {answered?.status === 'declined' && (
          <p className="alert alert-info">
            You have declined {answered.serviceName}. {answered.bookerName} has been told.
          </p>
        )}
      </div>
      {invitations.length === 0 && !answered && (
        <p>
          There are no invitations for this email address. An invitation is for the address it was
          sent to: sign in with that one to see it.
        </p>
      )}
      {invitations.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} onAnswered={setAnswered} />
      ))}
    </>
  );
}
