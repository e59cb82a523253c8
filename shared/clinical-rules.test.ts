// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { questionnaireDue, retentionEnds } from './clinical-rules';

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

describe('how long a record is kept', () => {
  it('is 7 years from the last session', () => {
    expect(retentionEnds('2027-03-01T10:00:00Z').toISOString()).toBe('2034-03-01T10:00:00.000Z');
    expect(retentionEnds('2028-02-29T10:00:00Z').toISOString()).toBe('2035-03-01T10:00:00.000Z');
  });
});
