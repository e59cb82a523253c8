import { Link } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { LoadFailed } from '../../components/layout/load-failed';
import { paths } from '../../config/routes';
import { useResource } from '../../lib/use-resource';
import { fetchIntake } from './clinical-api';
import { IntakeForm } from './intake-form';
import { MY_INTAKE } from './intake-first-reads';
import './clinical.css';

/** /account/intake: the client's details and the agreement, before the first session. */
export function IntakePage() {
  const { state, reload } = useResource(MY_INTAKE, fetchIntake);
  if (state.status === 'loading') return <LoadingScreen label="Loading your details…" />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  return (
    <>
      <p>
        Before your first session, please tell us a little about yourself and read our agreement.
        Only the practitioner reads this, and each time she does it is recorded. You can change it
        here at any time.
      </p>
      <IntakeForm intake={state.data} onSaved={() => undefined} />
      <p className="mt-4">
        Next: <Link to={paths.questionnaires}>the questionnaires</Link> about how you have been.
      </p>
    </>
  );
}
