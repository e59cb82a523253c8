/**
 * What My bookings' reminders read of GET /api/questionnaires, apart from the questionnaires'
 * contract (shared/questionnaires.ts spreads these entries into it): the page shows "Intake to do"
 * and "Questionnaire due" with its first content and downloads nothing else of the clinical
 * record for them.
 */
import * as v from 'valibot';

export const QuestionnairesDueSchema = v.object({
  /** A questionnaire is due before the next session. */
  due: v.boolean(),
  /** Their intake (or a new agreement version) is still to do. */
  intakeDue: v.boolean(),
});
