import { clientAudit } from './clinical/audit-view';
import { availability, practiceAvailability } from './bookings/availability';
import {
  calendarFeed,
  calendarFeedState,
  createCalendarFeed,
  stopCalendarFeed,
} from './calendar/feed';
import { cancelBooking, confirmBooking, declineBooking } from './bookings/change-status';
import { createBlock } from './hours/create-block';
import { createBooking } from './bookings/create-booking';
import { deleteBlock } from './hours/delete-block';
import { deleteMyBookings } from './account/delete-my-bookings';
import type { Endpoint } from './platform/http/endpoint';
import { health } from './platform/http/health';
import { moveSession } from './bookings/move-booking';
import { confirmSeries, createSeries, declineSeries, endSeries, listSeries } from './series/endpoints';
import { addRiskFollowUp, markClientRiskSeen, practiceClient, riskFlags } from './clinical/clients';
import { exportMyData, retireMyClinicalRecord } from './account/export';
import { currentAgreement, getIntake, putIntake } from './clinical/intake';
import { listMessages, retryMessage } from './messages/endpoints';
import { myBookings } from './bookings/my-bookings';
import { practiceDiary } from './diary/practice-diary';
import { getWorkingHours, putWorkingHours } from './hours/endpoints';
import { markSessionAttendance } from './clinical/attendance';
import { addNoteAddendum, getNote, putNote, signSessionNote } from './clinical/notes';
import { myQuestionnaires, requestQuestionnaire, submitQuestionnaire } from './clinical/questionnaires';
import {
  joinWaitlistEndpoint,
  leaveWaitlistEndpoint,
  myWaitlist,
  practiceWaitlist,
  renewWaitlist,
} from './waitlist/endpoints';
import {
  createCheckout,
  createPortal,
  myPayments,
  paymentReceipt,
  paymentReceiptPdf,
  paymentWebhook,
  creditNote,
  creditNotePdf,
  signedCreditNotePdf,
  signedReceiptPdf,
  practicePayments,
  refundPayment,
} from './payments/endpoints';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every endpoint of the API, by path after /api (`:id` is one path segment) and method. Each one
 * declares who may call it and what it takes (endpoint.ts), and the router checks both first.
 */
export const routes: Readonly<Record<string, Partial<Record<Method, Endpoint>>>> = {
  '/health': { GET: health },
  '/availability': { GET: availability },
  '/practice/availability': { GET: practiceAvailability },
  '/bookings': { GET: myBookings, POST: createBooking },
  '/bookings/:id/cancel': { POST: cancelBooking },
  '/bookings/:id/confirm': { POST: confirmBooking },
  '/bookings/:id/decline': { POST: declineBooking },
  '/bookings/:id/move': { POST: moveSession },
  '/series': { GET: listSeries, POST: createSeries },
  '/series/:id/confirm': { POST: confirmSeries },
  '/series/:id/decline': { POST: declineSeries },
  '/series/:id/end': { POST: endSeries },
  '/practice/bookings': { GET: practiceDiary },
  '/practice/blocks': { POST: createBlock },
  '/practice/blocks/:id': { DELETE: deleteBlock },
  '/practice/hours': { GET: getWorkingHours, PUT: putWorkingHours },
  '/practice/messages': { GET: listMessages },
  '/practice/messages/:id/retry': { POST: retryMessage },
  '/account/bookings': { DELETE: deleteMyBookings },
  '/intake': { GET: getIntake, PUT: putIntake },
  '/agreement': { GET: currentAgreement },
  '/questionnaires': { GET: myQuestionnaires, POST: submitQuestionnaire },
  '/practice/clients/:id': { GET: practiceClient },
  '/practice/clients/:id/risk-seen': { POST: markClientRiskSeen },
  '/practice/risk-flags': { GET: riskFlags },
  '/practice/audit': { GET: clientAudit },
  '/account/export': { GET: exportMyData },
  '/account/clinical': { DELETE: retireMyClinicalRecord },
  '/practice/bookings/:id/note': { GET: getNote, PUT: putNote },
  '/practice/bookings/:id/note/sign': { POST: signSessionNote },
  '/practice/bookings/:id/note/addenda': { POST: addNoteAddendum },
  '/practice/clients/:id/risk-follow-ups': { POST: addRiskFollowUp },
  '/practice/clients/:id/questionnaire-requests': { POST: requestQuestionnaire },
  '/practice/bookings/:id/attendance': { POST: markSessionAttendance },
  '/payments': { GET: myPayments },
  '/payments/checkout': { POST: createCheckout },
  '/payments/portal': { POST: createPortal },
  '/payments/webhook': { POST: paymentWebhook },
  // Before '/payments/:id/…', whose `:id` would take "credit-notes".
  '/payments/credit-notes/:id': { GET: creditNote },
  '/payments/credit-notes/:id/credit-note.pdf': { GET: creditNotePdf },
  '/payments/credit-notes/:id/signed-credit-note.pdf': { GET: signedCreditNotePdf },
  '/payments/:id': { GET: paymentReceipt },
  '/payments/:id/receipt.pdf': { GET: paymentReceiptPdf },
  '/payments/:id/signed-receipt.pdf': { GET: signedReceiptPdf },
  '/practice/payments': { GET: practicePayments },
  '/practice/payments/:id/refund': { POST: refundPayment },
  '/waitlist': { GET: myWaitlist, POST: joinWaitlistEndpoint },
  '/waitlist/:id': { DELETE: leaveWaitlistEndpoint },
  '/waitlist/:id/renew': { POST: renewWaitlist },
  '/practice/waitlist': { GET: practiceWaitlist },
  '/practice/calendar-feed': {
    GET: calendarFeedState,
    POST: createCalendarFeed,
    DELETE: stopCalendarFeed,
  },
  '/calendar/:file': { GET: calendarFeed },
};

export function matchRoute(
  path: string,
): { methods: Partial<Record<Method, Endpoint>>; params: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (const [pattern, methods] of Object.entries(routes)) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = safeDecode(segment);
      return segment !== '';
    });
    if (fits) return { methods, params };
  }
  return undefined;
}

/** A malformed escape (`%E0%A4`) is kept as it is: the handler then finds no such id. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
