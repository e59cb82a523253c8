import { opensForAnySignedIn, readWhenSignedIn } from '../../../lib/early-reads';
import { fetchPasskeys } from './passkeys-api';

// The passkeys page's first read, free of React so that the boot script can start it while React
// downloads (src/app/page-reads.ts); the page takes it under the same key.

export const PASSKEYS = 'passkeys';

// Asked as the session is restored, while the page hydrates (src/lib/early-reads.ts): the page
// opens for any signed-in account.
readWhenSignedIn(PASSKEYS, fetchPasskeys, opensForAnySignedIn);
