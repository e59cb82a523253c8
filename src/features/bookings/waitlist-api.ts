import * as v from 'valibot';
import {
  WaitlistEntrySchema,
  WaitlistSchema,
  type WaitlistRequest,
} from '../../../shared/waitlist';
import { apiRequest } from '../../lib/api';

export function joinWaitlist(request: WaitlistRequest) {
  return apiRequest('/api/waitlist', WaitlistEntrySchema, { method: 'POST', body: request });
}

export function fetchMyWaitlist(signal?: AbortSignal) {
  return apiRequest('/api/waitlist', WaitlistSchema, { signal });
}

export function leaveWaitlist(id: string) {
  return apiRequest(`/api/waitlist/${encodeURIComponent(id)}`, v.undefined(), {
    method: 'DELETE',
  });
}

export function renewWaitlist(id: string) {
  return apiRequest(`/api/waitlist/${encodeURIComponent(id)}/renew`, WaitlistEntrySchema, {
    method: 'POST',
  });
}
