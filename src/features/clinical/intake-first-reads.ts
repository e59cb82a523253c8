import { opensForVerifiedEmail, readWhenSignedIn } from '../../lib/early-reads';
import { fetchIntake } from './clinical-api';

// The intake page's first read, free of React so that the boot script can start it while React
// downloads (src/app/page-reads.ts); the page reads it under the same key.

export const MY_INTAKE = 'intake';

// Asked as the session is restored, while the page hydrates (src/lib/early-reads.ts).
readWhenSignedIn(MY_INTAKE, fetchIntake, opensForVerifiedEmail);
