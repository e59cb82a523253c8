import { readWhenSignedIn, type OpensFor } from '../../lib/early-reads';
import { fetchClientRecord } from './clinical-api';

// A client's record's first read, free of React so that the boot script can start it while React
// downloads (src/app/page-reads.ts, which passes the practice pages' gate: features do not import
// each other); the record page reads it under the same key.

export const clientRecordKey = (id: string) => `client:${id}`;

/** The record's id in `/practice/clients/<id>`, decoded as the router gives it to the page. */
export function recordIdIn(pathname: string): string | undefined {
  const segment = /^\/practice\/clients\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!segment) return undefined;
  try {
    // As React Router does: each segment decoded, then a "%2F" left in it read as "/".
    return decodeURIComponent(segment).replace(/%2F/g, '/');
  } catch {
    return undefined; // a malformed address: the page says there is no such client
  }
}

/**
 * Asks for the record in the address as the session is restored (src/lib/early-reads.ts). The API
 * audits the read as the practitioner opening the record, which is what she did: the page takes
 * this answer rather than asking again.
 */
export function readClientRecordEarly(opensFor: OpensFor): void {
  if (typeof window === 'undefined') return;
  const id = recordIdIn(window.location.pathname);
  if (id)
    readWhenSignedIn(clientRecordKey(id), (signal) => fetchClientRecord(id, signal), opensFor);
}
