/**
 * The therapy agreement a client gives before the first session, with its version. Its words are
 * in shared/agreement.ts, because the API answers and checks the same version (GET /api/agreement);
 * this is where the browser's pages take it from.
 */
export { AGREEMENT as agreement } from '../../shared/agreement';
