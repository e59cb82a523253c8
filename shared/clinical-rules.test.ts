// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  OUTCOME_RULES,
  inClinicalRange,
  labelScores,
  outcomeChange,
  questionnaireDue,
  recovered,
} from './clinical-rules';
import { INSTRUMENTS } from './questionnaires';

// The symptom measures (higher is worse, with a published reliable change); CSI-4 is tested below.
const SYMPTOMS = INSTRUMENTS.filter((instrument) => instrument !== 'CSI-4');

describe('when the questionnaires are due', () => {
  const last = '2027-03-01T10:00:00Z';
  it('before the first session, until one is given', () => {
    expect(
      questionnaireDue({ sessionsHad: 0, lastSessionStart: null, lastQuestionnaireAt: null }),
    ).toBe(true);
    expect(
      questionnaireDue({ sessionsHad: 0, lastSessionStart: null, lastQuestionnaireAt: last }),
    ).toBe(false);
  });
  it('then before every fourth session after it (the 5th, the 9th…)', () => {
    const given = '2027-01-01T10:00:00Z';
    const due = (sessionsHad: number) =>
      questionnaireDue({ sessionsHad, lastSessionStart: last, lastQuestionnaireAt: given });
    expect([1, 2, 3, 4, 5, 8].map(due)).toEqual([false, false, false, true, false, true]);
    expect(
      questionnaireDue({
        sessionsHad: 4,
        lastSessionStart: last,
        lastQuestionnaireAt: '2027-03-02T09:00:00Z',
      }),
    ).toBe(false);
  });
});

describe('how scores are read (NHS Talking Therapies)', () => {
  it('has the published cut-offs and reliable change indices', () => {
    expect(OUTCOME_RULES).toEqual({
      'PHQ-9': { cutOff: 10, reliableChange: 6 },
      'GAD-7': { cutOff: 8, reliableChange: 4 },
      'CORE-10': { cutOff: 11, reliableChange: 6 },
      'CSI-4': { cutOff: 13.5, reliableChange: null, higherIsBetter: true },
    });
  });
  it.each(SYMPTOMS)('%s: the clinical range starts at the cut-off', (instrument) => {
    const { cutOff } = OUTCOME_RULES[instrument];
    expect(inClinicalRange(instrument, cutOff - 1)).toBe(false);
    expect(inClinicalRange(instrument, cutOff)).toBe(true);
    expect(inClinicalRange(instrument, cutOff + 1)).toBe(true);
  });
  it.each(SYMPTOMS)('%s: reliable change at the index, not one below it', (instrument) => {
    const rci = OUTCOME_RULES[instrument].reliableChange ?? Number.NaN;
    const first = 20;
    expect(outcomeChange(instrument, first, first - rci - 1)).toBe('improved');
    expect(outcomeChange(instrument, first, first - rci)).toBe('improved');
    expect(outcomeChange(instrument, first, first - rci + 1)).toBe('no reliable change');
    expect(outcomeChange(instrument, first, first)).toBe('no reliable change');
    expect(outcomeChange(instrument, first, first + rci - 1)).toBe('no reliable change');
    expect(outcomeChange(instrument, first, first + rci)).toBe('deteriorated');
    expect(outcomeChange(instrument, first, first + rci + 1)).toBe('deteriorated');
  });
  it('CSI-4: distress is below 13.5 (13 and under), higher is better, no reliable change', () => {
    expect(inClinicalRange('CSI-4', 0)).toBe(true);
    expect(inClinicalRange('CSI-4', 13)).toBe(true);
    expect(inClinicalRange('CSI-4', 14)).toBe(false);
    expect(inClinicalRange('CSI-4', 21)).toBe(false);
    expect(recovered('CSI-4', 13, 14)).toBe(true);
    expect(recovered('CSI-4', 14, 13)).toBe(false);
    expect(recovered('CSI-4', 10, 13)).toBe(false);
    expect(outcomeChange('CSI-4', 0, 21)).toBe('no reliable change');
  });
  it.each(SYMPTOMS)(
    '%s: recovery is from the clinical range to below the cut-off',
    (instrument) => {
      const { cutOff } = OUTCOME_RULES[instrument];
      expect(recovered(instrument, cutOff, cutOff - 1)).toBe(true);
      expect(recovered(instrument, cutOff, cutOff)).toBe(false);
      expect(recovered(instrument, cutOff + 1, cutOff - 1)).toBe(true);
      expect(recovered(instrument, cutOff - 1, cutOff - 2)).toBe(false);
      expect(recovered(instrument, cutOff - 1, 0)).toBe(false);
    },
  );
  it('labels every score against the first, the first itself unchanged', () => {
    const scores = labelScores('PHQ-9', [
      { total: 16 },
      { total: 11 },
      { total: 10 },
      { total: 9 },
    ]);
    expect(scores).toEqual([
      { total: 16, change: 'no reliable change', recovered: false },
      { total: 11, change: 'no reliable change', recovered: false },
      { total: 10, change: 'improved', recovered: false },
      { total: 9, change: 'improved', recovered: true },
    ]);
    expect(labelScores('GAD-7', [])).toEqual([]);
  });
});
