import * as v from 'valibot';
import { AGREEMENT, agreementText } from '../../../shared/agreement';
import { IntakeInputSchema, type IntakeRecord } from '../../../shared/intake';
import { findIntake, saveIntake, type IntakeRow } from './intake-queries';
import { endpoint } from '../platform/http/endpoint';
import { ProblemError, problems } from '../platform/http/problems';
import type { Caller } from '../platform/http/types';
import { json } from '../platform/http/types';

/** An agreement version that is not the current one: read the new text, then agree again. */
const agreementChanged = () =>
  new ProblemError({
    type: '/api/problems/agreement-changed',
    title: 'The agreement has changed',
    status: 409,
    detail: `The agreement is now version ${AGREEMENT.version}. Read it again, then tick each part.`,
  });

export const intakeView = (intake: IntakeRow): IntakeRecord => ({
  ...intake.details,
  agreement: {
    version: intake.agreement.version,
    agreedAt: intake.agreement.agreedAt.toISOString(),
    agreedFrom: intake.agreement.agreedFrom,
    current: intake.agreement.version === AGREEMENT.version,
  },
  updatedAt: intake.updatedAt.toISOString(),
});

export const clientOf = (caller: Caller) => ({
  uid: caller.uid,
  email: caller.email,
  name: caller.name,
});

/** GET /api/agreement: the current agreement; `?version=` an older one answers 409. */
export const currentAgreement = endpoint({
  auth: 'client',
  query: v.object({ version: v.optional(v.pipe(v.string(), v.maxLength(40))) }),
  async run({ query }) {
    if (query.version !== undefined && query.version !== AGREEMENT.version)
      throw agreementChanged();
    return json(200, { version: AGREEMENT.version, text: agreementText() });
  },
});

/** PUT /api/intake: the caller's details and agreement (to the current version only). */
export const putIntake = endpoint({
  auth: 'verified',
  body: IntakeInputSchema,
  async run({ caller, body, context, from }) {
    if (body.agreement.version !== AGREEMENT.version) throw agreementChanged();
    const { agreement, ...details } = body;
    const now = context.now();
    await context.db.transaction().execute((trx) =>
      saveIntake(trx, {
        client: clientOf(caller),
        details,
        version: agreement.version,
        from: `The intake page (/account/intake), signed in as ${caller.email}, from ${from}`,
        now,
      }),
    );
    const saved = await findIntake(context.db, caller.uid);
    if (!saved) throw problems.notFound('Your intake could not be found. Try again.');
    return json(200, intakeView(saved));
  },
});

/** GET /api/intake: the caller's own intake, or 404 when there is none yet. */
export const getIntake = endpoint({
  auth: 'verified',
  async run({ caller, context }) {
    const intake = await findIntake(context.db, caller.uid);
    if (!intake) throw problems.notFound('You have not filled in your intake yet.');
    return json(200, intakeView(intake));
  },
});
