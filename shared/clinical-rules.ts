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
import type { Instant } from './time';

export const CLINICAL_RULES = {
  /** A questionnaire is due before the first session, then before every this-many-th one after. */
  questionnaireEverySessions: 4,
  /** Years a clinical record is kept after the client's last session. */
  retentionYears: 7,
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

/** When a record whose last session was at `lastSession` is to be deleted. */
export function retentionEnds(lastSession: Instant): Date {
  const end = new Date(lastSession);
  end.setUTCFullYear(end.getUTCFullYear() + CLINICAL_RULES.retentionYears);
  return end;
}

/** The sentence the account page shows before the client confirms deletion. */
export const RETENTION_SENTENCE = `If you have had a session, your clinical record (intake, agreement and questionnaires) is kept for ${CLINICAL_RULES.retentionYears} years from your last session, as the professional bodies advise, and then deleted. If you have not, it is deleted now.`;
