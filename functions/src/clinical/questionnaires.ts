import { AGREEMENT } from '../../../shared/agreement';
import { questionnaireDue } from '../../../shared/clinical-rules';
import {
  INSTRUMENTS,
  QUESTIONNAIRES,
  QuestionnaireInputSchema,
  QuestionnaireRequestSchema,
  questionnaireSentToday,
  scoreAnswers,
  type InstrumentId,
  type QuestionnaireRequest,
} from '../../../shared/questionnaires';
import { addDays, practiceDate, startOfPracticeDay } from '../../../shared/time';
import { writeAudit } from '../platform/audit';
import { findIntake } from './intake-queries';
import {
  allowAnotherQuestionnaire,
  clientQuestionnaires,
  insertQuestionnaire,
  questionnairesUsedUp,
  takeQuestionnaireDay,
} from './questionnaire-queries';
import { lastSessionStart, sessionsHad } from './sessions-had';
import { queueRiskMessage } from './risk-queries';
import { clientUid, outcomesOf } from './clients';
import { endpoint } from '../platform/http/endpoint';
import { refuseIfRetained } from './retention';
import { clientOf } from './intake';
import { ProblemError, problems } from '../platform/http/problems';
import { inCouplesWork } from '../participants';
import { json } from '../platform/http/types';

/** 429 until London's next midnight, with the sentence the client's page shows too. */
function sentToday(instrument: InstrumentId, now: Date): ProblemError {
  const tomorrow = startOfPracticeDay(addDays(practiceDate(now), 1));
  const seconds = Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000));
  return new ProblemError(
    {
      type: '/api/problems/questionnaire-sent-today',
      title: 'This questionnaire was sent today',
      status: 429,
      detail: questionnaireSentToday(instrument),
    },
    { 'retry-after': String(seconds) },
  );
}

/**
 * POST /api/questionnaires: scores the caller's answers and keeps them; a risk answer tells the
 * practice (through the outbox, in the same transaction) without saying what it was.
 */
export const submitQuestionnaire = endpoint({
  auth: 'verified',
  body: QuestionnaireInputSchema,
  async run({ caller, body, context }) {
    if (
      body.instrument === 'CSI-4' &&
      !(await inCouplesWork(context.db, caller.uid, context.services))
    )
      throw problems.unprocessable(
        'The CSI-4 is for the partners of a couples’ sessions. Choose PHQ-9, GAD-7 or CORE-10.',
      );
    const score = scoreAnswers(QUESTIONNAIRES[body.instrument], body.answers);
    const now = context.now();
    const client = clientOf(caller);
    const saved = await context.db.transaction().execute(async (trx) => {
      const day = practiceDate(now);
      if (
        !(await takeQuestionnaireDay(trx, {
          clientUid: client.uid,
          instrument: body.instrument,
          day,
        }))
      )
        throw sentToday(body.instrument, now);
      const record = await insertQuestionnaire(trx, {
        client,
        instrument: body.instrument,
        answers: body.answers,
        score,
        now,
      });
      if (score.risk) {
        await queueRiskMessage(trx, { client, now, practiceEmail: context.outbox.practiceEmail });
      }
      return record;
    });
    if (score.risk) context.outbox.deliver();
    const { id, instrument, total, band, risk, submittedAt } = saved;
    return json(201, { id, instrument, total, band, risk, submittedAt });
  },
});

/** GET /api/questionnaires: the caller's own, oldest first; whether one, or the intake, is due. */
export const myQuestionnaires = endpoint({
  auth: 'verified',
  async run({ caller, context }) {
    const now = context.now();
    const [questionnaires, had, last, intake, usedUp, couples] = await Promise.all([
      clientQuestionnaires(context.db, caller.uid),
      sessionsHad(context.db, caller.uid, now),
      lastSessionStart(context.db, caller.uid, now),
      findIntake(context.db, caller.uid),
      questionnairesUsedUp(context.db, caller.uid, practiceDate(now)),
      inCouplesWork(context.db, caller.uid, context.services),
    ]);
    const due = questionnaireDue({
      sessionsHad: had,
      lastSessionStart: last ?? null,
      lastQuestionnaireAt: questionnaires.at(-1)?.submittedAt ?? null,
    });
    const intakeDue = intake?.agreement.version !== AGREEMENT.version;
    return json(200, {
      questionnaires,
      due,
      intakeDue,
      outcomes: outcomesOf(questionnaires),
      sentToday: usedUp,
      offered: INSTRUMENTS.filter((instrument) => instrument !== 'CSI-4' || couples),
    });
  },
});

/**
 * POST /api/practice/clients/<uid>/questionnaire-requests: the practitioner asks the client for
 * another of one questionnaire today (London); it allows one more. Audited, as a change to the record.
 */
export const requestQuestionnaire = endpoint({
  auth: 'practitioner',
  body: QuestionnaireRequestSchema,
  async run({ caller, params, body, context }) {
    const uid = clientUid(params.id);
    const now = context.now();
    const day = practiceDate(now);
    const request: QuestionnaireRequest = body;
    await context.db.transaction().execute(async (trx) => {
      await refuseIfRetained(trx, uid);
      await allowAnotherQuestionnaire(trx, { clientUid: uid, instrument: request.instrument, day });
      await writeAudit(trx, {
        at: now,
        actorUid: caller.uid,
        clientUid: uid,
        action: 'change',
        what: `Asked for another ${request.instrument} today`,
      });
    });
    return json(201, { instrument: request.instrument, day });
  },
});
