import { QuestionnairesDueSchema } from '../../../shared/questionnaires-due';
import { apiRequest } from '../../lib/api';
import { opensForVerifiedEmail, readWhenSignedIn } from '../../lib/early-reads';

// What is due (intake, a questionnaire), free of React so that the boot script can start it while
// React downloads (src/app/page-reads.ts); ClinicalReminders reads it under the same key. Only
// its own two answers' schema: the questionnaires' contract and the clinical API stay off the page.

export const CLINICAL_DUE = 'clinical-due';
export async function whatIsDue(signal: AbortSignal) {
  const { intakeDue, due } = await apiRequest('/api/questionnaires', QuestionnairesDueSchema, {
    signal,
  });
  return { intake: intakeDue, questionnaire: due };
}

// Asked as the session is restored, while My bookings hydrates (src/lib/early-reads.ts).
readWhenSignedIn(CLINICAL_DUE, whatIsDue, opensForVerifiedEmail);
