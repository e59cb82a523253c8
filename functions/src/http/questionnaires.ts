import { AGREEMENT } from '../../../shared/agreement';
import { questionnaireDue } from '../../../shared/clinical-rules';
import {
  QUESTIONNAIRES,
  QuestionnaireInputSchema,
  scoreAnswers,
} from '../../../shared/questionnaires';
import {
  clientQuestionnaires,
  findIntake,
  insertQuestionnaire,
  lastSessionStart,
  queueRiskMessage,
  sessionsHad,
} from '../data/clinical';
import { outcomesOf } from './clients';
import { endpoint } from './endpoint';
import { clientOf } from './intake';
import { json } from './types';

/**
 * POST /api/questionnaires: scores the caller's answers and keeps them; a risk answer tells the
 * practice (through the outbox, in the same transaction) without saying what it was.
 */
export const submitQuestionnaire = endpoint({
  auth: 'verified',
  body: QuestionnaireInputSchema,
  async run({ caller, body, context }) {
    const score = scoreAnswers(QUESTIONNAIRES[body.instrument], body.answers);
    const now = context.now();
    const client = clientOf(caller);
    const saved = await context.db.transaction().execute(async (trx) => {
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
    const [questionnaires, had, last, intake] = await Promise.all([
      clientQuestionnaires(context.db, caller.uid),
      sessionsHad(context.db, caller.uid, now),
      lastSessionStart(context.db, caller.uid, now),
      findIntake(context.db, caller.uid),
    ]);
    const due = questionnaireDue({
      sessionsHad: had,
      lastSessionStart: last ?? null,
      lastQuestionnaireAt: questionnaires.at(-1)?.submittedAt ?? null,
    });
    const intakeDue = intake?.agreement.version !== AGREEMENT.version;
    return json(200, { questionnaires, due, intakeDue, outcomes: outcomesOf(questionnaires) });
  },
});
