import type { MessageKind } from './messages-api';

/**
 * What each kind of email is, as the practitioner would say it: her list of what was given up
 * names them (functions/src/diary/given-up-words.ts).
 */
const MESSAGE_KIND_NAMES: Partial<Record<MessageKind, string>> = {
  'request-received': 'new request',
  'request-acknowledged': 'request received',
  confirmed: 'confirmation',
  declined: 'decline',
  'cancelled-by-practice': 'cancellation',
  'cancelled-by-client': 'cancellation by the client',
  'cancellation-acknowledged': 'cancellation received',
  reminder: 'reminder',
  moved: 'new time',
  'moved-by-client': 'new time chosen by the client',
  'series-requested': 'new series request',
  'series-acknowledged': 'series request received',
  'series-confirmed': 'series confirmation',
  'series-declined': 'series decline',
  'series-ended': 'end of the series',
  'series-ended-by-client': 'end of the series by the client',
  'week-skipped': 'skipped week',
  'waitlist-offer': 'waiting-list offer',
  'waitlist-ending': 'waiting-list renewal',
  'sign-in-alert': 'new sign-in alert',
  'text-reminder': 'reminder text',
};

/** "confirmation"; a kind without a name of its own is read from its id ("risk flagged"). */
export const messageKindName = (kind: MessageKind) =>
  MESSAGE_KIND_NAMES[kind] ?? kind.replaceAll('-', ' ');
