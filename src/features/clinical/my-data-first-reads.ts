import {
  opensForAnySignedIn,
  opensForVerifiedEmail,
  readWhenSignedIn,
} from '../../lib/early-reads';
import { fetchMyData } from './clinical-api';
import { fetchMyNotes } from './records-api';

// My data's first reads, free of React so that the boot script can start them while React
// downloads (src/app/page-reads.ts); the page and its notes section read them under the same keys.

export const MY_DATA = 'my-data';
export const MY_NOTES = 'my-notes';

// Asked as the session is restored, while the page hydrates (src/lib/early-reads.ts): the export
// for any account, as the page opens; the notes only for a verified address, as the API answers.
readWhenSignedIn(MY_DATA, fetchMyData, opensForAnySignedIn);
readWhenSignedIn(MY_NOTES, fetchMyNotes, opensForVerifiedEmail);
