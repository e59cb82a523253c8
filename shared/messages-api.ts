import * as v from 'valibot';

/** Every kind of message the outbox sends (email, or text for 'text-reminder'). */
const MessageKindSchema = v.picklist([
  'request-received',
  'request-acknowledged',
  'confirmed',
  'declined',
  'cancelled-by-practice',
  'cancelled-by-client',
  'cancellation-acknowledged',
  'reminder',
  'series-requested',
  'series-acknowledged',
  'series-confirmed',
  'series-declined',
  'series-ended',
  'series-ended-by-client',
  'moved',
  'moved-by-client',
  'week-skipped',
  'risk-flagged',
  'account-deleted',
  'account-deleted-by-client',
  'notes-requested',
  'payment-received',
  'payment-due',
  'refund-issued',
  'waitlist-offer',
  'waitlist-ending',
  'invitation',
  'participant-joined',
  'participant-declined',
  'participant-cancelled',
  'participant-left',
  'participant-sessions-cancelled',
  'participant-departed',
  'sign-in-alert',
  'passkey-added',
  'passkey-removed',
  'recovery-code-used',
  'recovery-code-failed',
  'recovery-codes-renewed',
  'text-reminder',
]);
export type MessageKind = v.InferOutput<typeof MessageKindSchema>;

/** GET /api/practice/messages?status=failed: emails that could not be delivered. */
export const FailedMessageSchema = v.object({
  id: v.string(),
  kind: MessageKindSchema,
  to: v.string(),
  bookingId: v.nullable(v.string()),
  attempts: v.number(),
  lastError: v.string(),
});
export type FailedMessage = v.InferOutput<typeof FailedMessageSchema>;
