export { findIntake } from './intake-queries';
export { clientQuestionnaires } from './questionnaire-queries';
export {
  attendedSessionsOf,
  keepSharedAttendance,
  pruneClinicalRecords,
  retireClinicalRecord,
  type RetiringClient,
} from './retention';
export { unseenRiskCount } from './risk-queries';
export { billingAddressOf } from './billing-address';
export { clinicalRoutes } from './routes';
export { intakeView } from './intake';
export { notesRequestsOf } from './notes-requests';
export { clientRiskFollowUps } from './note-queries';
export { clientUid, signedNotesOf } from './clients';
export { isRetained } from './retention';
