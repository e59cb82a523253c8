import {
  QUESTIONNAIRES,
  maximumTotal,
  type InstrumentId,
  type QuestionnaireRecord,
} from '../../../shared/questionnaires';
import { PRACTICE_TIME_ZONE } from '../../../shared/time';
import { formatDayWithYear } from '../../lib/practice-time';

const shortDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: PRACTICE_TIME_ZONE,
});

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 12, right: 150, bottom: 36, left: 40 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/**
 * One questionnaire's totals over time, drawn with its bands and its clinical cut-off; a risk
 * answer is a red diamond. The same figures are in the table beside it, for screen readers.
 */
export function ScoreChart({
  instrument: id,
  results,
}: {
  instrument: InstrumentId;
  results: readonly QuestionnaireRecord[];
}) {
  const instrument = QUESTIONNAIRES[id];
  const max = maximumTotal(instrument);
  const y = (total: number) => PAD.top + PLOT_H - (total / max) * PLOT_H;
  const x = (index: number) =>
    PAD.left + (results.length === 1 ? PLOT_W / 2 : (index / (results.length - 1)) * PLOT_W);
  const slug = id.toLowerCase();
  const latest = results.at(-1);
  const summary = latest
    ? `${results.length} ${results.length === 1 ? 'score' : 'scores'}; latest ${latest.total} (${latest.band}) on ${formatDayWithYear(latest.submittedAt)}. Clinical cut-off ${instrument.clinicalCutOff}.`
    : 'No scores yet.';
  const line = results.map((result, index) => `${x(index)},${y(result.total)}`).join(' ');

  return (
    <figure className="score-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${slug}-chart-title ${slug}-chart-desc`}
        className="w-100 h-auto"
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
                x={PAD.left}
                y={y1}
                width={PLOT_W}
                height={Math.max(0, y2 - y1)}
                className={`band band-${index % 2 === 0 ? 'even' : 'odd'}`}
              />
              <text x={PAD.left + PLOT_W + 6} y={(y1 + y2) / 2 + 4} className="band-label">
                {`${band.label} ${band.from}–${upper}`}
              </text>
            </g>
          );
        })}
        <line
          x1={PAD.left}
          x2={PAD.left + PLOT_W}
          y1={y(instrument.clinicalCutOff)}
          y2={y(instrument.clinicalCutOff)}
          className="cut-off"
        />
        <text x={PAD.left + 4} y={y(instrument.clinicalCutOff) - 4} className="cut-off-label">
          {`Clinical cut-off ${instrument.clinicalCutOff}`}
        </text>
        {[0, max].map((tick) => (
          <text key={tick} x={PAD.left - 6} y={y(tick) + 4} className="axis-label" textAnchor="end">
            {tick}
          </text>
        ))}
        {results.length > 1 && <polyline points={line} className="score-line" />}
        {results.map((result, index) => (
          <g key={result.id}>
            {result.risk ? (
              <path
                d={`M ${x(index)} ${y(result.total) - 7} l 7 7 l -7 7 l -7 -7 z`}
                className="point point-risk"
              />
            ) : (
              <circle cx={x(index)} cy={y(result.total)} r={5} className="point" />
            )}
            <text
              x={x(index)}
              y={HEIGHT - PAD.bottom + 18}
              className="axis-label"
              textAnchor="middle"
            >
              {shortDay.format(new Date(result.submittedAt))}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="small">
        Shaded: the bands. Dashed: the clinical cut-off. A red diamond marks a risk answer.
      </figcaption>
    </figure>
  );
}

/** The chart's figures as a table. */
export function ScoreTable({
  instrument: id,
  results,
}: {
  instrument: InstrumentId;
  results: readonly QuestionnaireRecord[];
}) {
  const instrument = QUESTIONNAIRES[id];
  return (
    <table className="table table-sm score-table">
      <caption>{`${instrument.id}: each total, its band and any risk answer (cut-off ${instrument.clinicalCutOff})`}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Total (of {maximumTotal(instrument)})</th>
          <th scope="col">Band</th>
          <th scope="col">Risk answer</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result) => (
          <tr key={result.id}>
            <td>{formatDayWithYear(result.submittedAt)}</td>
            <td>{result.total}</td>
            <td>{result.band}</td>
            <td>
              {result.risk
                ? `Yes: item ${result.riskItems.join(', ')} (“${result.riskItems.map((item) => instrument.items[item - 1]).join('”, “')}”: ${result.riskItems.map((item) => instrument.scale[result.answers[item - 1] ?? 0]).join(', ')})${result.riskSeenAt ? ', seen' : ', not yet seen'}`
                : 'No'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
