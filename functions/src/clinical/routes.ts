import type { RouteTable } from '../platform/http/router';
import { markSessionAttendance } from './attendance';
import { clientAudit } from './audit-view';
import { addRiskFollowUp, markClientRiskSeen, practiceClient, riskFlags } from './clients';
import { currentAgreement, getIntake, putIntake } from './intake';
import { addNoteAddendum, getNote, putNote, signSessionNote } from './notes';
import { retainedRecord, retainedRecords } from './retained';
import {
  myReleasedNotes,
  practiceNotesRequests,
  releaseNotes,
  requestMyNotes,
} from './notes-requests';
import { reviewNotes } from './notes-review';
import { myQuestionnaires, requestQuestionnaire, submitQuestionnaire } from './questionnaires';

export const clinicalRoutes: RouteTable = {
  '/intake': { GET: getIntake, PUT: putIntake },
  '/agreement': { GET: currentAgreement },
  '/questionnaires': { GET: myQuestionnaires, POST: submitQuestionnaire },
  '/practice/clients/:id': { GET: practiceClient },
  '/practice/clients/:id/risk-seen': { POST: markClientRiskSeen },
  '/practice/risk-flags': { GET: riskFlags },
  '/practice/audit': { GET: clientAudit },
  '/practice/bookings/:id/note': { GET: getNote, PUT: putNote },
  '/practice/bookings/:id/note/sign': { POST: signSessionNote },
  '/practice/bookings/:id/note/addenda': { POST: addNoteAddendum },
  '/practice/clients/:id/risk-follow-ups': { POST: addRiskFollowUp },
  '/practice/clients/:id/questionnaire-requests': { POST: requestQuestionnaire },
  '/practice/bookings/:id/attendance': { POST: markSessionAttendance },
  '/practice/retained-records': { GET: retainedRecords },
  '/practice/retained-records/:id': { GET: retainedRecord },
  '/account/notes-request': { POST: requestMyNotes },
  '/account/notes': { GET: myReleasedNotes },
  '/practice/notes-requests': { GET: practiceNotesRequests },
  '/practice/notes-requests/:id/review': { POST: reviewNotes },
  '/practice/notes-requests/:id/release': { POST: releaseNotes },
};
