import { OUTCOME_RULES, labelScores, type OutcomeChange } from '../../../shared/clinical-rules';
import {
  QUESTIONNAIRES,
  maximumTotal,
  type InstrumentId,
  type QuestionnaireRecord,
} from '../../../shared/questionnaires';
import { PRACTICE_TIME_ZONE } from '../../../shared/time-words';
import { formatDayWithYear } from '../../lib/practice-time';
import { useWidth } from './use-width';

const shortDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: PRACTICE_TIME_ZONE,
});

/** Who reads the chart: the practitioner on the client's record, or the client on their own page. */
export type ChartAudience = 'practitioner' | 'client';

const HEIGHT = 280;
/** Below this width the band names go inside the plot, not in a margin of their own. */
const NARROW = 520;
/** The least room one date label needs on the time axis, in CSS pixels. */
const DATE_ROOM = 64;

const CHANGE_WORDS: Record<ChartAudience, Record<OutcomeChange, string>> = {
  practitioner: {
    improved: 'Reliable improvement',
    deteriorated: 'Reliable deterioration',
    'no reliable change': 'No reliable change',
  },
  client: {
    improved: 'Better, by more than chance',
    deteriorated: 'Worse, by more than chance',
    'no reliable change': 'About the same',
  },
};

type Labelled = QuestionnaireRecord & { change: OutcomeChange; recovered: boolean };

/** The scores of one instrument, oldest first, each read against the first (shared rules). */
function labelled(instrument: InstrumentId, results: readonly QuestionnaireRecord[]): Labelled[] {
  const oldestFirst = [...results].sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
  return labelScores(instrument, oldestFirst);
}

/** What a score came to against the first, in the reader's words ("" for the first itself). */
function changeText(score: Labelled, index: number, audience: ChartAudience): string {
  if (index === 0) return audience === 'client' ? 'Your first score' : 'First score';
  const change = CHANGE_WORDS[audience][score.change];
  if (!score.recovered) return change;
  return `${change}; ${audience === 'client' ? 'now below the line' : 'recovered'}`;
}

/** Which of `count` evenly spaced dates get a label so none runs into the next: first and last always. */
export function labelledDates(count: number, spacing: number): Set<number> {
  const step = Math.max(1, Math.ceil(DATE_ROOM / Math.max(spacing, 1)));
  const shown = new Set<number>();
  for (let index = 0; index < count; index += step) shown.add(index);
  if (count > 0) {
    const last = count - 1;
    const previous = Math.floor(last / step) * step;
    if (previous !== last && (last - previous) * spacing < DATE_ROOM) shown.delete(previous);
    shown.add(last);
  }
  if (count > 1) shown.add(0);
  return shown;
}

/**
 * One questionnaire's totals over time, drawn at the width it is shown at (text stays its real
 * size on a phone): the bands, the clinical cut-off, the reliable-change lines around the first
 * score, and each later score marked as it reads against the first; a risk answer is a red diamond.
 * The same figures are in the table beside it, for screen readers.
 */
export function ScoreChart({
  instrument: id,
  results,
  audience = 'practitioner',
}: {
  instrument: InstrumentId;
  results: readonly QuestionnaireRecord[];
  audience?: ChartAudience;
}) {
  const { ref, width: measured } = useWidth<HTMLElement>(640);
  const width = Math.max(280, measured);
  const narrow = width < NARROW;
  const pad = { top: 12, right: narrow ? 8 : 150, bottom: 36, left: 32 };
  const plotW = width - pad.left - pad.right;
  const plotH = HEIGHT - pad.top - pad.bottom;
  const instrument = QUESTIONNAIRES[id];
  const { cutOff, reliableChange } = OUTCOME_RULES[id];
  const scores = labelled(id, results);
  const max = maximumTotal(instrument);
  const y = (total: number) => pad.top + plotH - (total / max) * plotH;
  const spacing = scores.length > 1 ? plotW / (scores.length - 1) : plotW;
  const x = (index: number) => pad.left + (scores.length === 1 ? plotW / 2 : index * spacing);
  const slug = id.toLowerCase();
  const first = scores[0];
  const latest = scores.at(-1);
  const client = audience === 'client';
  const summary = latest
    ? `${scores.length} ${scores.length === 1 ? 'score' : 'scores'}; latest ${latest.total} (${latest.band}) on ${formatDayWithYear(latest.submittedAt)}${scores.length > 1 ? `: ${changeText(latest, scores.length - 1, audience)}` : ''}. ${client ? 'The line that often marks where help is needed' : 'Clinical cut-off'} ${cutOff}.`
    : 'No scores yet.';
  const line = scores.map((score, index) => `${x(index)},${y(score.total)}`).join(' ');
  const dates = labelledDates(scores.length, spacing);
  const bounds =
    first && reliableChange !== null
      ? [
          { total: first.total - reliableChange, kind: 'improvement' as const },
          { total: first.total + reliableChange, kind: 'deterioration' as const },
        ].filter((bound) => bound.total >= 0 && bound.total <= max)
      : [];

  return (
    <figure className="score-chart" ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${slug}-chart-title ${slug}-chart-desc`}
        className="mw-100 h-auto d-block"
      >
        <title id={`${slug}-chart-title`}>{`${instrument.id} totals over time`}</title>
        <desc id={`${slug}-chart-desc`}>{summary}</desc>
        {instrument.bands.map((band, index) => {
          const top = instrument.bands[index + 1]?.from ?? max + 1;
          const upper = Math.min(top - 1, max);
          const y1 = y(Math.min(top, max));
          const y2 = y(band.from);
          return (
            <g key={band.label}>
              <rect
                x={pad.left}
                y={y1}
                width={plotW}
                height={Math.max(0, y2 - y1)}
                className={`band band-${index % 2 === 0 ? 'even' : 'odd'}`}
              />
              <text
                x={narrow ? pad.left + plotW - 4 : pad.left + plotW + 6}
                y={narrow ? y1 + 13 : (y1 + y2) / 2 + 4}
                textAnchor={narrow ? 'end' : 'start'}
                className="band-label"
              >
                {`${band.label} ${band.from}–${upper}`}
              </text>
            </g>
          );
        })}
        {bounds.map((bound) => (
          <g key={bound.kind}>
            <line
              x1={pad.left}
              x2={pad.left + plotW}
              y1={y(bound.total)}
              y2={y(bound.total)}
              className={`reliable-line reliable-${bound.kind}`}
            />
          </g>
        ))}
        <line
          x1={pad.left}
          x2={pad.left + plotW}
          y1={y(cutOff)}
          y2={y(cutOff)}
          className="cut-off"
        />
        <text x={pad.left + 4} y={y(cutOff) - 4} className="cut-off-label">
          {client ? `The line: ${cutOff}` : `Clinical cut-off ${cutOff}`}
        </text>
        {[0, max].map((tick) => (
          <text key={tick} x={pad.left - 6} y={y(tick) + 4} className="axis-label" textAnchor="end">
            {tick}
          </text>
        ))}
        {scores.length > 1 && <polyline points={line} className="score-line" />}
        {scores.map((score, index) => (
          <g key={score.id}>
            {score.recovered && (
              <circle cx={x(index)} cy={y(score.total)} r={10} className="point-recovered" />
            )}
            {score.risk ? (
              <path
                d={`M ${x(index)} ${y(score.total) - 7} l 7 7 l -7 7 l -7 -7 z`}
                className="point point-risk"
              />
            ) : (
              <circle
                cx={x(index)}
                cy={y(score.total)}
                r={5}
                className={`point${index > 0 ? ` point-${score.change.replaceAll(' ', '-')}` : ''}`}
              />
            )}
            {dates.has(index) && (
              <text
                x={x(index)}
                y={HEIGHT - pad.bottom + 18}
                className="axis-label"
                textAnchor={
                  scores.length > 1 && index === 0
                    ? 'start'
                    : scores.length > 1 && index === scores.length - 1
                      ? 'end'
                      : 'middle'
                }
              >
                {shortDay.format(new Date(score.submittedAt))}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption className="small">
        {reliableChange === null
          ? // CSI-4: satisfaction, higher is better, and no published reliable change.
            `Shaded: the bands. Dashed red: the line (${cutOff}) below which ${client ? 'a relationship is often in distress' : 'relationship distress is suggested'}. Higher is better. A ring: ${client ? 'you started below the line and are now above it' : 'from below the line to above it'}.`
          : client
            ? `Shaded: the bands. Dashed red: the line (${cutOff}) that often marks where help is needed. Dotted: ${reliableChange} points either side of your first score; a change beyond them is more than chance. A ring: you started above the line and are now below it.`
            : `Shaded: the bands. Dashed red: the clinical cut-off (${cutOff}). Dotted: reliable change (${reliableChange}) either side of the first score; green below it is reliable improvement, orange above it reliable deterioration. A ring marks recovery; a red diamond a risk answer.`}
      </figcaption>
    </figure>
  );
}

/** The chart's figures as a table, with each score against the first. */
export function ScoreTable({
  instrument: id,
  results,
  audience = 'practitioner',
}: {
  instrument: InstrumentId;
  results: readonly QuestionnaireRecord[];
  audience?: ChartAudience;
}) {
  const instrument = QUESTIONNAIRES[id];
  const { cutOff, reliableChange } = OUTCOME_RULES[id];
  const client = audience === 'client';
  return (
    <table className="table table-sm score-table">
      <caption>
        {reliableChange === null
          ? `${instrument.id}: each ${client ? 'of your totals' : 'total'} and its band (higher is better; below ${cutOff} suggests relationship distress)`
          : client
            ? `${instrument.id}: each of your totals, its band, and how it compares with your first (a change of ${reliableChange} or more is more than chance; the line is ${cutOff})`
            : `${instrument.id}: each total, its band, against the first score (cut-off ${cutOff}, reliable change ${reliableChange}) and any risk answer`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Total (of {maximumTotal(instrument)})</th>
          <th scope="col">Band</th>
          <th scope="col">{client ? 'Compared with your first' : 'Against the first score'}</th>
          {!client && <th scope="col">Risk answer</th>}
        </tr>
      </thead>
      <tbody>
        {labelled(id, results).map((result, index) => (
          <tr key={result.id}>
            <td>{formatDayWithYear(result.submittedAt)}</td>
            <td>{result.total}</td>
            <td>{result.band}</td>
            <td>{changeText(result, index, audience)}</td>
            {!client && (
              <td>
                {result.risk
                  ? `Yes: item ${result.riskItems.join(', ')} (“${result.riskItems.map((item) => instrument.items[item - 1]).join('”, “')}”: ${result.riskItems.map((item) => instrument.scale[result.answers[item - 1] ?? 0]).join(', ')})${result.riskSeenAt ? ', seen' : ', not yet seen'}`
                  : 'No'}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
