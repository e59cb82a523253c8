export {
  auditEntries,
  clientQuestionnaires,
  findIntake,
  pruneClinicalRecords,
  retireClinicalRecord,
  unseenRiskCount,
  writeAudit,
} from './queries';
export { auditView } from './audit-view';
export { billingAddressOf } from './billing-address';
export { clientNotes, clientRiskFollowUps } from './note-queries';
export { clinicalRoutes } from './routes';
export { intakeView } from './intake';
export { recordNoteView } from './clients';
