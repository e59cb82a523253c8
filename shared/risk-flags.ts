/**
 * The diary's risk flags (/api/practice/risk-flags), apart from the intake contract: the diary
 * shows them with its first content and downloads nothing else of the clinical record for them.
 */
import * as v from 'valibot';

/** GET /api/practice/risk-flags: clients with risk answers not yet marked seen. */
export const RiskFlagsSchema = v.object({
  flags: v.array(
    v.object({
      client: v.object({ uid: v.string(), name: v.string(), email: v.string() }),
      since: v.string(),
      count: v.number(),
    }),
  ),
});
