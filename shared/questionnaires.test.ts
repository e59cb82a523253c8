// @vitest-environment node
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  INSTRUMENTS,
  QUESTIONNAIRES,
  QuestionnaireInputSchema,
  answersProblem,
  bandFor,
  maximumTotal,
  scaleOf,
  scoreAnswers,
  topAnswer,
  type Instrument,
} from './questionnaires';

const phq9 = QUESTIONNAIRES['PHQ-9'];
const gad7 = QUESTIONNAIRES['GAD-7'];
const core10 = QUESTIONNAIRES['CORE-10'];
const csi4 = QUESTIONNAIRES['CSI-4'];

/** Answers (no risk item, no reversal) that add up to `total`, filling items from the first. */
function answersFor(instrument: Instrument, total: number): number[] {
  const top = topAnswer(instrument);
  let left = total;
  return instrument.items.map((_, index) => {
    const item = index + 1;
    if (instrument.reversed.includes(item)) return top; // scores 0
    if (instrument.riskItems.includes(item)) return 0;
    const answer = Math.min(top, left);
    left -= answer;
    return answer;
  });
}

describe('the instruments as published', () => {
  it('have their items, scales and ranges', () => {
    expect([phq9.items.length, gad7.items.length, core10.items.length]).toEqual([9, 7, 10]);
    expect(phq9.scale).toEqual([
      'Not at all',
      'Several days',
      'More than half the days',
      'Nearly every day',
    ]);
    expect(gad7.scale).toEqual(phq9.scale);
    expect(core10.scale).toEqual([
      'Not at all',
      'Only occasionally',
      'Sometimes',
      'Often',
      'Most or all of the time',
    ]);
    expect([maximumTotal(phq9), maximumTotal(gad7), maximumTotal(core10)]).toEqual([27, 21, 40]);
    expect(phq9.items[8]).toBe(
      'Thoughts that you would be better off dead or of hurting yourself in some way',
    );
    expect(core10.items[5]).toBe('I made plans to end my life');
  });
});

// Every band's edges: [instrument, total, band].
const EDGES: [Instrument, number, string][] = [
  [phq9, 0, 'Minimal'],
  [phq9, 4, 'Minimal'],
  [phq9, 5, 'Mild'],
  [phq9, 9, 'Mild'],
  [phq9, 10, 'Moderate'],
  [phq9, 14, 'Moderate'],
  [phq9, 15, 'Moderately severe'],
  [phq9, 19, 'Moderately severe'],
  [phq9, 20, 'Severe'],
  [phq9, 24, 'Severe'],
  [gad7, 0, 'Minimal'],
  [gad7, 4, 'Minimal'],
  [gad7, 5, 'Mild'],
  [gad7, 9, 'Mild'],
  [gad7, 10, 'Moderate'],
  [gad7, 14, 'Moderate'],
  [gad7, 15, 'Severe'],
  [gad7, 21, 'Severe'],
  [core10, 0, 'Healthy'],
  [core10, 5, 'Healthy'],
  [core10, 6, 'Low level'],
  [core10, 10, 'Low level'],
  [core10, 11, 'Mild'],
  [core10, 14, 'Mild'],
  [core10, 15, 'Moderate'],
  [core10, 19, 'Moderate'],
  [core10, 20, 'Moderate to severe'],
  [core10, 24, 'Moderate to severe'],
  [core10, 25, 'Severe'],
  [core10, 28, 'Severe'],
];

describe('scoring', () => {
  it.each(
    EDGES.map(([instrument, total, band]) => [instrument.id, total, band, instrument] as const),
  )('%s: a total of %i is %s', (_id, total, band, instrument) => {
    const score = scoreAnswers(instrument, answersFor(instrument, total));
    expect(score).toMatchObject({ total, band, risk: false });
  });

  it('gives the top of each range its highest band', () => {
    expect(scoreAnswers(phq9, Array(9).fill(3))).toMatchObject({ total: 27, band: 'Severe' });
    expect(scoreAnswers(gad7, Array(7).fill(3))).toMatchObject({ total: 21, band: 'Severe' });
    expect(bandFor(core10, 40)).toBe('Severe');
  });

  it('scores CORE-10 items 2 and 3 in reverse', () => {
    // "Most or all of the time" on the two positive items scores 0; "Not at all" scores 4 each.
    expect(scoreAnswers(core10, [0, 4, 4, 0, 0, 0, 0, 0, 0, 0]).total).toBe(0);
    expect(scoreAnswers(core10, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).total).toBe(8);
    expect(scoreAnswers(core10, [0, 1, 3, 0, 0, 0, 0, 0, 0, 0]).total).toBe(4);
    // Every item at its worst: 4 × 10 = 40.
    expect(scoreAnswers(core10, [4, 0, 0, 4, 4, 4, 4, 4, 4, 4]).total).toBe(40);
  });

  it('flags the risk items, and only them', () => {
    const phq = [0, 0, 0, 0, 0, 0, 0, 0, 1];
    expect(scoreAnswers(phq9, phq)).toMatchObject({ total: 1, risk: true, riskItems: [9] });
    expect(scoreAnswers(phq9, [3, 3, 3, 3, 3, 3, 3, 3, 0]).risk).toBe(false);
    expect(scoreAnswers(core10, [0, 4, 4, 0, 0, 2, 0, 0, 0, 0])).toMatchObject({
      risk: true,
      riskItems: [6],
    });
    expect(scoreAnswers(core10, [4, 0, 0, 4, 4, 0, 4, 4, 4, 4]).risk).toBe(false);
    expect(scoreAnswers(gad7, Array(7).fill(3)).risk).toBe(false);
  });

  it('refuses the wrong count or values', () => {
    expect(answersProblem(phq9, [0, 0])).toBe('PHQ-9 has 9 questions: send one answer for each.');
    expect(answersProblem(gad7, [0, 0, 0, 0, 0, 0, 4])).toBe(
      'Answer 7 of GAD-7 must be a whole number from 0 to 3.',
    );
    expect(answersProblem(core10, [0, 0, 0, 0, 0, 0, 0, 0, 0, 4])).toBeUndefined();
    for (const bad of [-1, 1.5, Number.NaN, '1', null]) {
      expect(answersProblem(phq9, [0, 0, 0, 0, 0, 0, 0, 0, bad])).toMatch(/^Answer 9/);
    }
    expect(() => scoreAnswers(phq9, [1])).toThrow(RangeError);
  });

  it('checks the count against the instrument in the request schema', () => {
    const ok = v.safeParse(QuestionnaireInputSchema, {
      instrument: 'GAD-7',
      answers: [0, 1, 2, 3, 0, 1, 2],
    });
    expect(ok.success).toBe(true);
    const short = v.safeParse(QuestionnaireInputSchema, { instrument: 'GAD-7', answers: [0] });
    expect(short.success).toBe(false);
    expect(short.issues?.[0]?.message).toBe('GAD-7 has 7 questions: send one answer for each.');
    expect(v.safeParse(QuestionnaireInputSchema, { instrument: 'BDI', answers: [] }).success).toBe(
      false,
    );
  });

  it('scores the CSI-4 at every edge: 0–21, below 13.5 is relationship distress', () => {
    expect(csi4.items).toHaveLength(4);
    expect(scaleOf(csi4, 1)).toEqual([
      'Extremely unhappy',
      'Fairly unhappy',
      'A little unhappy',
      'Happy',
      'Very happy',
      'Extremely happy',
      'Perfect',
    ]);
    expect([2, 3, 4].map((item) => topAnswer(csi4, item))).toEqual([5, 5, 5]);
    expect(maximumTotal(csi4)).toBe(21);
    expect(scoreAnswers(csi4, [0, 0, 0, 0])).toEqual({
      total: 0,
      band: 'Relationship distress',
      risk: false,
      riskItems: [],
    });
    expect(scoreAnswers(csi4, [3, 5, 5, 0])).toMatchObject({
      total: 13,
      band: 'Relationship distress',
    });
    expect(scoreAnswers(csi4, [4, 5, 5, 0])).toMatchObject({
      total: 14,
      band: 'No relationship distress',
    });
    expect(scoreAnswers(csi4, [6, 5, 5, 5])).toMatchObject({
      total: 21,
      band: 'No relationship distress',
    });
    expect(answersProblem(csi4, [7, 0, 0, 0])).toBe(
      'Answer 1 of CSI-4 must be a whole number from 0 to 6.',
    );
    expect(answersProblem(csi4, [6, 6, 0, 0])).toBe(
      'Answer 2 of CSI-4 must be a whole number from 0 to 5.',
    );
    expect(answersProblem(csi4, [6, 5, 5])).toBe(
      'CSI-4 has 4 questions: send one answer for each.',
    );
  });

  it('gives any valid answers a total in range and exactly one band', () => {
    const answers = fc.constantFrom(...INSTRUMENTS).chain((id) => {
      const instrument = QUESTIONNAIRES[id];
      // Each item up to its own top (CSI-4's first item goes to 6).
      return fc.tuple(
        fc.constant(instrument),
        fc.tuple(
          ...instrument.items.map((_, index) =>
            fc.integer({ min: 0, max: topAnswer(instrument, index + 1) }),
          ),
        ),
      );
    });
    fc.assert(
      fc.property(answers, ([instrument, given]) => {
        const score = scoreAnswers(instrument, given);
        expect(score.total).toBeGreaterThanOrEqual(0);
        expect(score.total).toBeLessThanOrEqual(maximumTotal(instrument));
        const bands = instrument.bands.filter((band, index) => {
          const next = instrument.bands[index + 1];
          return score.total >= band.from && (next === undefined || score.total < next.from);
        });
        expect(bands.map((band) => band.label)).toEqual([score.band]);
        expect(score.risk).toBe(instrument.riskItems.some((item) => (given[item - 1] ?? 0) > 0));
      }),
    );
  });
});
