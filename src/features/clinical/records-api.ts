import * as v from 'valibot';
import {
  MyNotesSchema,
  NotesRequestSchema,
  PracticeNotesRequestsSchema,
  RetainedRecordSchema,
  RetainedRecordsSchema,
  type NotesRelease,
  type NotesReview,
} from '../../../shared/records-api';
import { apiRequest } from '../../lib/api';

/** The client's session-notes requests, and the notes once released. */
export const fetchMyNotes = (signal?: AbortSignal) =>
  apiRequest('/api/account/notes', MyNotesSchema, { signal });

/** "Ask for my session notes": records a request the practitioner answers within a month. */
export const askForMyNotes = () =>
  apiRequest('/api/account/notes-request', NotesRequestSchema, { method: 'POST' });

export const fetchNotesRequests = (signal?: AbortSignal) =>
  apiRequest('/api/practice/notes-requests', PracticeNotesRequestsSchema, { signal });

export const releaseNotes = (id: string, release: NotesRelease) =>
  apiRequest(
    `/api/practice/notes-requests/${encodeURIComponent(id)}/release`,
    v.object({ released: v.number(), withheld: v.number() }),
    { method: 'POST', body: release },
  );

/** "Mark reviewed": her review of these notes, each at the version the page showed. */
export const reviewNotes = (id: string, review: NotesReview) =>
  apiRequest(
    `/api/practice/notes-requests/${encodeURIComponent(id)}/review`,
    v.object({ reviewed: v.number() }),
    { method: 'POST', body: review },
  );

export const fetchRetainedRecords = (signal?: AbortSignal) =>
  apiRequest('/api/practice/retained-records', RetainedRecordsSchema, { signal });

export const fetchRetainedRecord = (uid: string, signal?: AbortSignal) =>
  apiRequest(`/api/practice/retained-records/${encodeURIComponent(uid)}`, RetainedRecordSchema, {
    signal,
  });
