import { useState } from 'react';
import type { Diary, Series } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { answerSeries } from './practice-api';
import type { SeriesQuestion } from './series-ask-dialog';
import type { SeriesRowState, WaitingSeries } from './waiting-list';

const seriesSentence = (series: Pick<Series, 'serviceName' | 'clientName'>) =>
  `the series of ${series.serviceName ?? 'sessions'} with ${series.clientName ?? 'the client'}`;

/**
 * Answers to whole series (confirm, decline a request, end one under way) and the question
 * Decline and End ask first. Series answered on this page keep their item (with what became of
 * them), like requests.
 */
export function useSeriesAnswers({
  onSent,
  requestFocus,
}: {
  onSent: () => void;
  requestFocus: (keys: string[]) => void;
}) {
  const [rows, setRows] = useState<
    Record<string, { series: Series; row: SeriesRowState; problem?: string }>
  >({});
  const [question, setQuestion] = useState<SeriesQuestion | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [restoreFocus, setRestoreFocus] = useState(true);

  const setRow = (series: Series, row: SeriesRowState, rowProblem?: string) =>
    setRows((all) => ({ ...all, [series.id]: { series, row, problem: rowProblem } }));

  const confirm = async (series: Series) => {
    setRow(series, { kind: 'sending', answer: 'confirm' });
    requestFocus([`answered-series-${series.id}`]);
    try {
      await answerSeries(series.id, 'confirm');
      setRow(series, { kind: 'answered', status: 'confirmed' });
      void showToast(`Confirmed ${seriesSentence(series)}.`);
    } catch (error) {
      const sentence = errorSentence(error);
      setRow(series, { kind: 'open' }, sentence);
      requestFocus([`confirm-series-${series.id}`]);
      void showToast(`Not confirmed: ${sentence}`, 'error');
    } finally {
      onSent();
    }
  };

  const ask = (next: SeriesQuestion) => {
    setProblem(undefined);
    setRestoreFocus(!next.returnFocus);
    setQuestion(next);
  };

  const answer = async ({ answer, series }: SeriesQuestion) => {
    setSending(true);
    setProblem(undefined);
    try {
      const answered = await answerSeries(series.id, answer);
      if (answer === 'decline') {
        setRow(answered.sessions.length ? answered : (series as Series), {
          kind: 'answered',
          status: 'declined',
        });
        requestFocus([`answered-series-${series.id}`]);
        void showToast(`Declined ${seriesSentence(answered)}.`);
      } else {
        requestFocus(['week-heading']);
        void showToast(`Ended ${seriesSentence(answered)}: every session ahead is cancelled.`);
      }
      setRestoreFocus(false);
      setQuestion(null);
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setSending(false);
      onSent();
    }
  };

  const close = () => {
    if (question?.returnFocus) requestFocus(question.returnFocus);
    setQuestion(null);
  };

  /** Every series answered on this page, so the diary still knows them once they left its lists. */
  const answered = Object.values(rows).map((item) => item.series);

  /** The series requests waiting in `horizon`, and those answered here that have left it. */
  const waiting = (horizon: Diary | undefined): WaitingSeries[] => {
    if (!horizon) return [];
    const { bookings, seriesRequests = [] } = horizon;
    const uidOf = (series: Series) =>
      bookings.find((booking) => booking.seriesId === series.id && booking.clientUid)?.clientUid;
    const listed = seriesRequests.map((series) => ({
      series,
      clientUid: uidOf(series),
      row: rows[series.id]?.row ?? ({ kind: 'open' } as const),
      problem: rows[series.id]?.problem,
    }));
    const answeredHere = Object.values(rows)
      .filter((item) => !seriesRequests.some((series) => series.id === item.series.id))
      .map((item) => ({ ...item, clientUid: uidOf(item.series) }));
    return [...listed, ...answeredHere];
  };

  return {
    question,
    sending,
    problem,
    restoreFocus,
    confirm,
    ask,
    answer,
    close,
    answered,
    waiting,
  };
}
