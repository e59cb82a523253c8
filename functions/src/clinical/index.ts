export { findIntake } from './intake-queries';
export { clientQuestionnaires } from './questionnaire-queries';
export {
  pruneClinicalRecords,
  retireClinicalRecord,
  type RetiringClient,
} from './retention';
export { unseenRiskCount } from './risk-queries';
export { auditView } from './audit-view';
export { billingAddressOf } from './billing-address';
export { clinicalRoutes } from './routes';
export { intakeView } from './intake';
export { recordNoteView } from './clients';
export { notesRequestsOf } from './notes-requests';
