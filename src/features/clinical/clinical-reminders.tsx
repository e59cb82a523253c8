import { Link } from 'react-router';
import { paths } from '../../config/routes';
import { useResource } from '../../lib/use-resource';
import { CLINICAL_DUE, whatIsDue } from './first-reads';

/**
 * "Intake to do" and "Questionnaire due", for My bookings (composed there by the app: features
 * do not import each other). Says nothing when nothing is due or the answer did not come.
 */
export function ClinicalReminders() {
  const { state } = useResource(CLINICAL_DUE, whatIsDue);
  if (state.status !== 'ready') return null;
  const { intake, questionnaire } = state.data;
  if (!intake && !questionnaire) return null;
  return (
    <div className="alert alert-info clinical-reminders">
      <ul className="mb-0">
        {intake && (
          <li>
            Intake to do before your first session:{' '}
            <Link to={paths.intake}>your details and our agreement</Link>
          </li>
        )}
        {questionnaire && (
          <li>
            Questionnaire due before your next session:{' '}
            <Link to={paths.questionnaires}>fill it in</Link>
          </li>
        )}
      </ul>
    </div>
  );
}
