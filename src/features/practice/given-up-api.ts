import * as v from 'valibot';
import { GivenUpListSchema, TryAgainSchema, type GivenUpItem } from '../../../shared/given-up-api';
import { apiRequest } from '../../lib/api';

const pathOf = (item: Pick<GivenUpItem, 'kind' | 'id'>) =>
  `/api/practice/given-up/${item.kind}/${encodeURIComponent(item.id)}`;

/** What the system gave up on (a refund at Stripe, an email), newest first. */
export function fetchGivenUp(signal?: AbortSignal) {
  return apiRequest('/api/practice/given-up', GivenUpListSchema, { signal });
}

/** The same reaction run again now, or the email sent again. */
export function tryGivenUpAgain(item: Pick<GivenUpItem, 'kind' | 'id'>) {
  return apiRequest(`${pathOf(item)}/try-again`, TryAgainSchema, { method: 'POST' });
}

const DealtWithSchema = v.object({ dealtWith: v.boolean() });

/** She has seen to it herself: off her list (nothing else changes). */
export function markDealtWith(item: Pick<GivenUpItem, 'kind' | 'id'>) {
  return apiRequest(`${pathOf(item)}/dealt-with`, DealtWithSchema, { method: 'POST' });
}

/** Undoes markDealtWith: back on her list. */
export function undoDealtWith(item: Pick<GivenUpItem, 'kind' | 'id'>) {
  return apiRequest(`${pathOf(item)}/dealt-with`, DealtWithSchema, { method: 'DELETE' });
}
