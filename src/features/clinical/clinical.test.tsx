import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuestionnaireRecord } from '../../../shared/questionnaires';
import { submitQuestionnaire } from './clinical-api';
import { QuestionnaireForm } from './questionnaire-form';
import { labelledDates, ScoreChart, ScoreTable } from './score-chart';

vi.mock('./clinical-api', () => ({ submitQuestionnaire: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

const answerAll = async (question: string, answer: string) => {
  const group = screen.getByRole('group', { name: new RegExp(`^${question}\\.`) });
  await userEvent.click(within(group).getByRole('radio', { name: answer }));
};

describe('a questionnaire', () => {
  beforeEach(() => vi.mocked(submitQuestionnaire).mockReset());

  it('shows every item on one page, and the crisis contacts the moment a risk item is answered', async () => {
    render(<QuestionnaireForm instrument="PHQ-9" onSent={() => undefined} />);
    expect(screen.getAllByRole('group')).toHaveLength(9);
    expect(screen.queryByText(/116 123/)).not.toBeInTheDocument();
    await answerAll('9', 'Several days');
    const help = screen.getByRole('region', { name: /talk to someone now/ });
    expect(within(help).getByRole('link', { name: '116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(help).toHaveTextContent(/111.*option 2/);
    expect(help).toHaveTextContent('999');
    expect(help).toHaveTextContent('0117 496 0321');
    await answerAll('9', 'Not at all');
    expect(screen.queryByText(/116 123/)).not.toBeInTheDocument();
  });

  it('asks for every answer, then sends them as given', async () => {
    const onSent = vi.fn();
    const result = {
      id: 'q1',
      instrument: 'GAD-7' as const,
      total: 3,
      band: 'Minimal',
      risk: false,
      submittedAt: '2027-03-01T09:00:00.000Z',
    };
    vi.mocked(submitQuestionnaire).mockResolvedValue(result);
    render(<QuestionnaireForm instrument="GAD-7" onSent={onSent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(screen.getByRole('status')).toHaveTextContent('Answer question 1 too, then send.');
    for (const question of ['1', '2', '3']) await answerAll(question, 'Several days');
    for (const question of ['4', '5', '6', '7']) await answerAll(question, 'Not at all');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(submitQuestionnaire).toHaveBeenCalledWith({
      instrument: 'GAD-7',
      answers: [1, 1, 1, 0, 0, 0, 0],
    });
    expect(onSent).toHaveBeenCalledWith(result);
  });
});

describe('the practitioner’s chart', () => {
  const results: QuestionnaireRecord[] = [
    {
      id: 'a',
      instrument: 'PHQ-9',
      total: 16,
      band: 'Moderately severe',
      risk: true,
      riskItems: [9],
      answers: [2, 2, 2, 2, 2, 2, 2, 1, 1],
      riskSeenAt: null,
      submittedAt: '2027-03-01T09:00:00.000Z',
    },
    {
      id: 'b',
      instrument: 'PHQ-9',
      total: 8,
      band: 'Mild',
      risk: false,
      riskItems: [],
      answers: [1, 1, 1, 1, 1, 1, 1, 1, 0],
      riskSeenAt: null,
      submittedAt: '2027-03-29T09:00:00.000Z',
    },
  ];

  it('is an image with a summary, with the bands and the cut-off', () => {
    render(<ScoreChart instrument="PHQ-9" results={results} />);
    const chart = screen.getByRole('img', { name: /PHQ-9 totals over time/ });
    expect(chart).toHaveAccessibleName(/latest 8 \(Mild\).*Clinical cut-off 10/);
    expect(chart).toHaveTextContent('Clinical cut-off 10');
    expect(chart).toHaveTextContent('Moderately severe 15–19');
    expect(chart.querySelectorAll('.point-risk')).toHaveLength(1);
  });

  it('draws the reliable-change lines around the first score and marks improvement and recovery', () => {
    render(<ScoreChart instrument="PHQ-9" results={results} />);
    const chart = screen.getByRole('img', { name: /PHQ-9 totals over time/ });
    expect(chart).toHaveAccessibleName(/latest 8 \(Mild\).*Reliable improvement; recovered/);
    // 16 ± 6: 10 and 22, both inside the scale of 0 to 27.
    expect(chart.querySelectorAll('.reliable-line')).toHaveLength(2);
    expect(chart.querySelectorAll('.point-improved')).toHaveLength(1);
    expect(chart.querySelectorAll('.point-recovered')).toHaveLength(1);
    expect(
      screen.getByText(/Dotted: reliable change \(6\) either side of the first score/),
    ).toBeVisible();
  });

  it('speaks to the client on their own chart and table, without the risk column', () => {
    render(
      <>
        <ScoreChart instrument="PHQ-9" results={results} audience="client" />
        <ScoreTable instrument="PHQ-9" results={results} audience="client" />
      </>,
    );
    expect(screen.getByRole('img')).toHaveTextContent('The line: 10');
    expect(screen.queryByRole('columnheader', { name: 'Risk answer' })).toBeNull();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Your first score$/),
      expect.stringMatching(/Better, by more than chance; now below the line$/),
    ]);
  });

  it('labels few enough dates that none runs into the next', () => {
    expect([...labelledDates(12, 20)].sort((a, b) => a - b)).toEqual([0, 4, 11]);
    expect([...labelledDates(3, 200)].sort((a, b) => a - b)).toEqual([0, 1, 2]);
    expect([...labelledDates(1, 300)]).toEqual([0]);
  });

  it('has the same figures in a table, with the risk answer marked', () => {
    render(<ScoreTable instrument="PHQ-9" results={results} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /1 March 2027.*16.*Moderately severe.*Yes: item 9.*Several days.*not yet seen/,
      ),
      expect.stringMatching(/29 March 2027.*8.*Mild.*Reliable improvement; recovered.*No$/),
    ]);
  });
});
