/**
 * The clinical record's rules, in one place for both sides: when the questionnaires are due, and
 * how long the record is kept.
 *
 * Retention: the BACP (Good Practice in Action 105, "Recording and record keeping", and GPiA 014,
 * "Managing confidentiality") and the UKCP advise keeping adult clients' records for a set period
 * after the end of therapy, commonly 6 or 7 years, in line with the Limitation Act 1980 (six years
 * to bring a claim, plus time to serve it); the ICO's guidance on storage limitation (UK GDPR
 * Article 5(1)(e)) asks for a stated period, kept to, and deletion at its end. The practice keeps
 * a client's clinical record for 7 years from their last session, and deletes it then.
 */
import type { InstrumentId } from './questionnaires';
import { RETENTION_SCHEDULE } from './retention';
import type { Instant } from './time';

export const CLINICAL_RULES = {
  /** A questionnaire is due before the first session, then before every this-many-th one after. */
  questionnaireEverySessions: 4,
  /** Years a clinical record is kept after the client's last session (shared/retention.ts). */
  retentionYears: RETENTION_SCHEDULE.clinicalRecord.period.amount,
} as const;

/**
 * Whether a questionnaire is due before the client's next session: before session 1, 5, 9, …
 * (with the rule of 4), unless one was already given since the last session they had.
 */
export function questionnaireDue(history: {
  /** Sessions the client has had (confirmed and started). */
  sessionsHad: number;
  /** When the last of them started; null when there was none. */
  lastSessionStart: Instant | null;
  /** When the client last gave a questionnaire; null when never. */
  lastQuestionnaireAt: Instant | null;
}): boolean {
  const every = CLINICAL_RULES.questionnaireEverySessions;
  if (history.sessionsHad % every !== 0) return false;
  if (history.lastQuestionnaireAt === null) return true;
  if (history.lastSessionStart === null) return false;
  return new Date(history.lastQuestionnaireAt) < new Date(history.lastSessionStart);
}

/**
 * How a questionnaire's scores are read, as NHS Talking Therapies defines it (the NHS Talking
 * Therapies Manual, "Measuring recovery"): a total at or above the clinical cut-off is in the
 * clinical range ("caseness"); a fall of at least the reliable change index from the first score is
 * reliable improvement, a rise of as much reliable deterioration; recovery is moving from at or above
 * the cut-off at the first score to below it. CORE-10: Barkham et al. (2013), cut-off 11, reliable
 * change 6.
 */
export const OUTCOME_RULES: Readonly<
  Record<
    InstrumentId,
    {
      cutOff: number;
      /** Null where the source gives none (CSI-4): no change is called reliable. */
      reliableChange: number | null;
      /** CSI-4: satisfaction, so the clinical range is below the cut-off. */
      higherIsBetter?: boolean;
    }
  >
> = {
  'PHQ-9': { cutOff: 10, reliableChange: 6 },
  'GAD-7': { cutOff: 8, reliableChange: 4 },
  'CORE-10': { cutOff: 11, reliableChange: 6 },
  // Funk & Rogge (2007): below 13.5 suggests relationship distress; they give no reliable change.
  'CSI-4': { cutOff: 13.5, reliableChange: null, higherIsBetter: true },
};

export const OUTCOME_CHANGES = ['improved', 'deteriorated', 'no reliable change'] as const;
export type OutcomeChange = (typeof OUTCOME_CHANGES)[number];

/** Whether a total is in the clinical range (at or above the instrument's cut-off). */
export const inClinicalRange = (instrument: InstrumentId, total: number): boolean =>
  OUTCOME_RULES[instrument].higherIsBetter
    ? total < OUTCOME_RULES[instrument].cutOff
    : total >= OUTCOME_RULES[instrument].cutOff;

/** A score against the client's first on that instrument (higher totals are worse on all three). */
export function outcomeChange(
  instrument: InstrumentId,
  first: number,
  total: number,
): OutcomeChange {
  const { reliableChange, higherIsBetter } = OUTCOME_RULES[instrument];
  if (reliableChange === null) return 'no reliable change';
  const better = higherIsBetter ? total - first : first - total;
  if (better >= reliableChange) return 'improved';
  if (-better >= reliableChange) return 'deteriorated';
  return 'no reliable change';
}

/** Recovered: the first score was in the clinical range and this one is below the cut-off. */
export const recovered = (instrument: InstrumentId, first: number, total: number): boolean =>
  inClinicalRange(instrument, first) && !inClinicalRange(instrument, total);

/** Each score of one instrument, oldest first, labelled against the first. */
export function labelScores<S extends { total: number }>(
  instrument: InstrumentId,
  oldestFirst: readonly S[],
): (S & { change: OutcomeChange; recovered: boolean })[] {
  const first = oldestFirst[0]?.total ?? 0;
  return oldestFirst.map((score) => ({
    ...score,
    change: outcomeChange(instrument, first, score.total),
    recovered: recovered(instrument, first, score.total),
  }));
}
