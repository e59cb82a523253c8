import * as v from 'valibot';
import { TextRemindersViewSchema } from '../../../../shared/text-reminders';
import { apiRequest } from '../../../lib/api';

export function fetchTextReminders(signal?: AbortSignal) {
  return apiRequest('/api/account/sms', TextRemindersViewSchema, { signal });
}

/** Texts on, to this number, with the client's consent (given by ticking the box). */
export function turnOnTextReminders(phone: string) {
  return apiRequest('/api/account/sms', TextRemindersViewSchema, {
    method: 'PUT',
    body: { phone, consent: true },
  });
}

export function turnOffTextReminders() {
  return apiRequest('/api/account/sms', v.undefined(), { method: 'DELETE' });
}
