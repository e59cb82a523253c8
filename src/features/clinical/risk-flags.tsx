import { Link } from 'react-router';
import { RiskFlagsSchema } from '../../../shared/risk-flags';
import { clientRecordPath } from '../../config/routes';
import { apiRequest } from '../../lib/api';
import { formatDayWithYear } from '../../lib/practice-time';
import { useResource } from '../../lib/use-resource';

// Here rather than in clinical-api.ts, whose schemas (the whole clinical record) the diary's first
// content does not need.
const fetchRiskFlags = (signal?: AbortSignal) =>
  apiRequest('/api/practice/risk-flags', RiskFlagsSchema, { signal });

/**
 * The diary's flag: clients whose risk answers the practitioner has not yet marked seen, each a
 * link to their record (composed into the diary by the app: features do not import each other).
 */
export function RiskFlags() {
  const { state } = useResource('risk-flags', fetchRiskFlags);
  if (state.status !== 'ready' || state.data.flags.length === 0) return null;
  return (
    <section className="alert alert-danger" aria-labelledby="risk-flags-heading">
      <h2 id="risk-flags-heading" className="h5">
        Answers that need your attention today
      </h2>
      <ul className="mb-0">
        {state.data.flags.map((flag) => (
          <li key={flag.client.uid}>
            <Link to={clientRecordPath(flag.client.uid)}>
              {flag.client.name || flag.client.email}
            </Link>
            : a risk answer since {formatDayWithYear(flag.since)}
          </li>
        ))}
      </ul>
    </section>
  );
}
