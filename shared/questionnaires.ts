/**
 * The three standard questionnaires the practice uses to follow how a client is doing, with their
 * published wording, response scales, scoring, bands, risk items and clinical cut-offs. Both sides
 * score with these functions: the server stores what it computed, the client shows the same.
 *
 * Sources (checked against each):
 * - PHQ-9: Kroenke K, Spitzer RL, Williams JBW (2001). The PHQ-9: validity of a brief depression
 *   severity measure. J Gen Intern Med 16(9):606–613. Bands 0–4 / 5–9 / 10–14 / 15–19 / 20–27;
 *   10 or more is the usual clinical cut-off (NHS Talking Therapies manual). Item 9 asks about
 *   thoughts of death or self-harm. Developed by Drs Spitzer, Williams, Kroenke and colleagues with
 *   an educational grant from Pfizer Inc.; no permission is required to reproduce it.
 * - GAD-7: Spitzer RL, Kroenke K, Williams JBW, Löwe B (2006). A brief measure for assessing
 *   generalized anxiety disorder: the GAD-7. Arch Intern Med 166(10):1092–1097. Bands 0–4 / 5–9 /
 *   10–14 / 15–21; cut-off 10. No risk item.
 * - CORE-10: Barkham M, Bewick B, Mullin T, et al. (2013). The CORE-10: a short measure of
 *   psychological distress for routine use in the psychological therapies. Counselling and
 *   Psychotherapy Research 13(1):3–13; the CORE System Trust's CORE-10 form and scoring guide
 *   (items 2 and 3 are positively worded and scored in reverse; total 0–40; bands 0–5 healthy, 6–10
 *   low level, 11–14 mild, 15–19 moderate, 20–24 moderate to severe, 25–40 severe; clinical
 *   cut-off 11). Item 6 is the risk item. © CORE System Trust, CC BY-NC-ND 4.0: used unaltered.
 * - CSI-4: Funk JL, Rogge RD (2007). Testing the ruler with item response theory: increasing
 *   precision of measurement for relationship satisfaction with the Couples Satisfaction Index.
 *   J Fam Psychol 21(4):572–583. Four items: the first answered 0–6 (Extremely unhappy to
 *   Perfect), the others 0–5 (Not at all to Completely); total 0–21, higher is more satisfied;
 *   below 13.5 suggests notable relationship dissatisfaction (distress). No risk item. Offered
 *   only to the partners of a couples' sessions. Free to use for clinical and research work.
 */
import * as v from 'valibot';
import { QuestionnairesDueSchema } from './questionnaires-due';

export const INSTRUMENTS = ['PHQ-9', 'GAD-7', 'CORE-10', 'CSI-4'] as const;
export type InstrumentId = (typeof INSTRUMENTS)[number];

interface Band {
  /** Lowest total in the band (the highest is the next band's lowest minus one, or the maximum). */
  from: number;
  label: string;
}

export interface Instrument {
  id: InstrumentId;
  /** What it measures, in a few words for a client. */
  title: string;
  /** The instruction printed above the items. */
  stem: string;
  items: readonly string[];
  /** The answers a client chooses from; an answer is an index into this list. */
  scale: readonly string[];
  /** Items whose answers differ from `scale` (CSI-4's first item), by 1-based item number. */
  itemScales?: Readonly<Record<number, readonly string[]>>;
  /** Higher totals are better (CSI-4: satisfaction); on the others higher totals are worse. */
  higherIsBetter?: boolean;
  /** Items (1-based) scored in reverse: the last answer scores 0. */
  reversed: readonly number[];
  /** Items (1-based) where any answer above "Not at all" means the client may be at risk. */
  riskItems: readonly number[];
  bands: readonly Band[];
  // The clinical cut-off lives once, in OUTCOME_RULES (shared/clinical-rules.ts).
}

const PHQ_SCALE = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];

export const QUESTIONNAIRES: Readonly<Record<InstrumentId, Instrument>> = {
  'PHQ-9': {
    id: 'PHQ-9',
    title: 'Mood (PHQ-9)',
    stem: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    items: [
      'Little interest or pleasure in doing things',
      'Feeling down, depressed, or hopeless',
      'Trouble falling or staying asleep, or sleeping too much',
      'Feeling tired or having little energy',
      'Poor appetite or overeating',
      'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
      'Trouble concentrating on things, such as reading the newspaper or watching television',
      'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
      'Thoughts that you would be better off dead or of hurting yourself in some way',
    ],
    scale: PHQ_SCALE,
    reversed: [],
    riskItems: [9],
    bands: [
      { from: 0, label: 'Minimal' },
      { from: 5, label: 'Mild' },
      { from: 10, label: 'Moderate' },
      { from: 15, label: 'Moderately severe' },
      { from: 20, label: 'Severe' },
    ],
  },
  'GAD-7': {
    id: 'GAD-7',
    title: 'Anxiety (GAD-7)',
    stem: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
    items: [
      'Feeling nervous, anxious or on edge',
      'Not being able to stop or control worrying',
      'Worrying too much about different things',
      'Trouble relaxing',
      'Being so restless that it is hard to sit still',
      'Becoming easily annoyed or irritable',
      'Feeling afraid as if something awful might happen',
    ],
    scale: PHQ_SCALE,
    reversed: [],
    riskItems: [],
    bands: [
      { from: 0, label: 'Minimal' },
      { from: 5, label: 'Mild' },
      { from: 10, label: 'Moderate' },
      { from: 15, label: 'Severe' },
    ],
  },
  'CORE-10': {
    id: 'CORE-10',
    title: 'How you have been (CORE-10)',
    stem: 'This form has 10 statements about how you have been over the last week. Please read each statement and think how often you felt that way last week. Then tick the box which is closest to this.',
    items: [
      'I have felt tense, anxious or nervous',
      'I have felt I have someone to turn to for support when needed',
      'I have felt able to cope when things go wrong',
      'Talking to people has felt too much for me',
      'I have felt panic or terror',
      'I made plans to end my life',
      'I have had difficulty getting to sleep or staying asleep',
      'I have felt despairing or hopeless',
      'I have felt unhappy',
      'Unwanted images or memories have been distressing me',
    ],
    scale: ['Not at all', 'Only occasionally', 'Sometimes', 'Often', 'Most or all of the time'],
    reversed: [2, 3],
    riskItems: [6],
    bands: [
      { from: 0, label: 'Healthy' },
      { from: 6, label: 'Low level' },
      { from: 11, label: 'Mild' },
      { from: 15, label: 'Moderate' },
      { from: 20, label: 'Moderate to severe' },
      { from: 25, label: 'Severe' },
    ],
  },
  'CSI-4': {
    id: 'CSI-4',
    title: 'Your relationship (CSI-4)',
    stem: 'Please answer each question about your relationship with your partner, as it is now.',
    items: [
      'Please indicate the degree of happiness, all things considered, of your relationship.',
      'I have a warm and comfortable relationship with my partner.',
      'How rewarding is your relationship with your partner?',
      'In general, how satisfied are you with your relationship?',
    ],
    scale: ['Not at all', 'A little', 'Somewhat', 'Mostly', 'Almost completely', 'Completely'],
    itemScales: {
      1: [
        'Extremely unhappy',
        'Fairly unhappy',
        'A little unhappy',
        'Happy',
        'Very happy',
        'Extremely happy',
        'Perfect',
      ],
      2: [
        'Not at all true',
        'A little true',
        'Somewhat true',
        'Mostly true',
        'Almost completely true',
        'Completely true',
      ],
    },
    higherIsBetter: true,
    reversed: [],
    riskItems: [],
    bands: [
      { from: 0, label: 'Relationship distress' },
      { from: 14, label: 'No relationship distress' },
    ],
  },
};

/** The answers of one item (1-based): its own list, or the instrument's scale. */
export const scaleOf = (instrument: Instrument, item: number): readonly string[] =>
  instrument.itemScales?.[item] ?? instrument.scale;

/** The highest answer index of an item (1-based; the instrument's scale when not given). */
export const topAnswer = (instrument: Instrument, item?: number) =>
  (item === undefined ? instrument.scale : scaleOf(instrument, item)).length - 1;

/** The highest total an instrument can give. */
export const maximumTotal = (instrument: Instrument) =>
  instrument.items.reduce((sum, _, index) => sum + topAnswer(instrument, index + 1), 0);

export interface Score {
  total: number;
  band: string;
  /** Whether any risk item was answered above "Not at all". */
  risk: boolean;
  /** The risk items (1-based) so answered. */
  riskItems: number[];
}

/** Why a set of answers cannot be scored, as a sentence; undefined when they can. */
export function answersProblem(
  instrument: Instrument,
  answers: readonly unknown[],
): string | undefined {
  if (answers.length !== instrument.items.length) {
    return `${instrument.id} has ${instrument.items.length} questions: send one answer for each.`;
  }
  const wrong = answers.findIndex(
    (answer, index) =>
      typeof answer !== 'number' ||
      !Number.isInteger(answer) ||
      answer < 0 ||
      answer > topAnswer(instrument, index + 1),
  );
  return wrong === -1
    ? undefined
    : `Answer ${wrong + 1} of ${instrument.id} must be a whole number from 0 to ${topAnswer(instrument, wrong + 1)}.`;
}

/** The band a total falls in (the last band whose lowest total it reaches). */
export function bandFor(instrument: Instrument, total: number): string {
  let label = instrument.bands[0]?.label ?? '';
  for (const band of instrument.bands) if (total >= band.from) label = band.label;
  return label;
}

/** Scores answers (indexes into the scale) that `answersProblem` accepts. */
export function scoreAnswers(instrument: Instrument, answers: readonly number[]): Score {
  const problem = answersProblem(instrument, answers);
  if (problem) throw new RangeError(problem);
  const total = answers.reduce(
    (sum, answer, index) =>
      sum +
      (instrument.reversed.includes(index + 1)
        ? topAnswer(instrument, index + 1) - answer
        : answer),
    0,
  );
  const riskItems = instrument.riskItems.filter((item) => (answers[item - 1] ?? 0) > 0);
  return { total, band: bandFor(instrument, total), risk: riskItems.length > 0, riskItems };
}

export const InstrumentSchema = v.picklist(INSTRUMENTS, 'Choose PHQ-9, GAD-7, CORE-10 or CSI-4.');

/** POST /api/questionnaires: the count and range of answers are checked against the instrument. */
export const QuestionnaireInputSchema = v.pipe(
  v.object({
    instrument: InstrumentSchema,
    answers: v.pipe(
      v.array(v.number('Each answer must be a number.')),
      v.maxLength(20, 'Send at most 20 answers.'),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = answersProblem(QUESTIONNAIRES[dataset.value.instrument], dataset.value.answers);
    if (!problem) return;
    const { answers } = dataset.value;
    addIssue({
      message: problem,
      path: [
        { type: 'object', origin: 'value', input: dataset.value, key: 'answers', value: answers },
      ],
    });
  }),
);
export type QuestionnaireInput = v.InferOutput<typeof QuestionnaireInputSchema>;

export const QuestionnaireResultSchema = v.object({
  id: v.string(),
  instrument: InstrumentSchema,
  total: v.number(),
  band: v.string(),
  risk: v.boolean(),
  submittedAt: v.string(),
});
export type QuestionnaireResult = v.InferOutput<typeof QuestionnaireResultSchema>;

/** What the client and the practitioner read back: the result and the answers given. */
export const QuestionnaireRecordSchema = v.object({
  ...QuestionnaireResultSchema.entries,
  answers: v.array(v.number()),
  riskItems: v.array(v.number()),
  /** When the practitioner marked the risk answers seen; null until then (or with no risk). */
  riskSeenAt: v.nullable(v.string()),
});
export type QuestionnaireRecord = v.InferOutput<typeof QuestionnaireRecordSchema>;

/**
 * GET /api/questionnaires: the caller's own, whether one is due before the next session, and
 * whether their intake (or a new agreement version) is still to do.
 */
export const QuestionnairesSchema = v.object({
  questionnaires: v.array(QuestionnaireRecordSchema),
  ...QuestionnairesDueSchema.entries,
  /** The instruments already sent today (London), which cannot be sent again until tomorrow. */
  sentToday: v.optional(v.array(InstrumentSchema), []),
  /** The instruments offered to this client (CSI-4 only to a partner of a couples' session). */
  offered: v.optional(v.array(InstrumentSchema)),
});

/**
 * One of each questionnaire a day (London), unless the practitioner asks for another: scores are
 * compared session to session, and a flood of answers tells her nothing more.
 */
export const questionnaireSentToday = (instrument: InstrumentId) =>
  `You have already sent a ${QUESTIONNAIRES[instrument].id} today. You can send the next one tomorrow.`;

/** POST /api/practice/clients/<uid>/questionnaire-requests: one more of it allowed today. */
export const QuestionnaireRequestSchema = v.object({ instrument: InstrumentSchema });
export type QuestionnaireRequest = v.InferOutput<typeof QuestionnaireRequestSchema>;

/** Its answer: the London day it is allowed on. */
export const QuestionnaireRequestedSchema = v.object({
  instrument: InstrumentSchema,
  day: v.string(),
});
