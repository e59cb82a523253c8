import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DAYS_OF_WEEK, type DayOfWeek } from '../../../shared/time-words';
import type { FieldError, HoursView } from '../../../shared/working-hours';
import { ApiError, errorSentence } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { fetchWorkingHours, saveWorkingHours } from './practice-api';
import {
  controlIdOf,
  dateText,
  fieldsOf,
  hoursOf,
  newKey,
  type BlockRow,
  type DayRow,
  type Fields,
} from './working-hours-fields';

/**
 * "Your hours": her working hours per weekday, latest start, weekly blocks, days off and the
 * bank holidays she opens. Errors show by each field and in a summary that takes focus; what
 * she typed stays.
 */
export function WorkingHoursForm() {
  const [loaded, setLoaded] = useState<HoursView | null>(null);
  const [loadProblem, setLoadProblem] = useState<string>();
  const [fields, setFields] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchWorkingHours(controller.signal)
      .then((view) => {
        setLoaded(view);
        setFields(fieldsOf(view.hours));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadProblem(errorSentence(error));
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (errors.length) summary.current?.focus();
  }, [errors]);

  if (loadProblem) return <p role="alert">{loadProblem}</p>;
  if (!fields || !loaded) return <p role="status">Loading your hours…</p>;

  const errorOf = (field: string) => errors.find((error) => error.field === field)?.detail;
  const update = (change: (current: Fields) => Fields) =>
    setFields((current) => (current ? change(current) : current));
  const setDay = (day: DayOfWeek, row: Partial<DayRow>) =>
    update((current) => ({
      ...current,
      weekdays: { ...current.weekdays, [day]: { ...current.weekdays[day], ...row } },
    }));
  const setBlock = (key: number, row: Partial<BlockRow>) =>
    update((current) => ({
      ...current,
      blocks: current.blocks.map((block) => (block.key === key ? { ...block, ...row } : block)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const view = await saveWorkingHours(hoursOf(fields));
      setErrors([]);
      setLoaded(view);
      void showToast('Your hours are saved. The times clients are offered follow them now.');
    } catch (error) {
      const found =
        error instanceof ApiError && error.fieldErrors.length
          ? [...error.fieldErrors]
          : [{ field: 'hours', detail: errorSentence(error) }];
      setErrors(found);
    } finally {
      setSaving(false);
    }
  };

  const invalid = (field: string) => errorOf(field) !== undefined;
  const feedback = (field: string, id: string) =>
    errorOf(field) && (
      <div id={id} className="invalid-feedback d-block">
        {errorOf(field)}
      </div>
    );

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="hours-heading">
      <h2 id="hours-heading" className="h4">
        Your hours
      </h2>
      <p>
        Clients are offered times only within these hours, inside the practice’s opening hours.
        England and Wales bank holidays are closed unless you open them below.
      </p>

      {errors.length > 0 && (
        <div
          ref={summary}
          id="hours-summary"
          className="alert alert-danger"
          role="alert"
          tabIndex={-1}
          aria-labelledby="hours-summary-title"
        >
          <h3 id="hours-summary-title" className="h6">
            There is a problem
          </h3>
          <ul className="mb-0">
            {errors.map((error) => (
              <li key={`${error.field}-${error.detail}`}>
                <a href={`#${controlIdOf(error.field, fields)}`}>{error.detail}</a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <fieldset className="mb-4">
        <legend className="h5">Working days</legend>
        {DAYS_OF_WEEK.map((day) => {
          const row = fields.weekdays[day];
          const field = `weekdays.${day}`;
          const errorId = `hours-${day}-error`;
          return (
            <div key={day} className="hours-day mb-2" role="group" aria-label={day}>
              <div className="hours-day-row">
                <Form.Check
                  id={`hours-${day}-open`}
                  className="hours-day-name"
                  label={`${day}: open`}
                  checked={row.open}
                  onChange={(event) => setDay(day, { open: event.target.checked })}
                />
                {row.open && (
                  <>
                    <Form.Group controlId={`hours-${day}-start`}>
                      <Form.Label className="small mb-0">{day} start</Form.Label>
                      <Form.Control
                        type="time"
                        value={row.start}
                        isInvalid={invalid(field)}
                        aria-describedby={invalid(field) ? errorId : undefined}
                        onChange={(event) => setDay(day, { start: event.target.value })}
                      />
                    </Form.Group>
                    <Form.Group controlId={`hours-${day}-end`}>
                      <Form.Label className="small mb-0">{day} end</Form.Label>
                      <Form.Control
                        type="time"
                        value={row.end}
                        isInvalid={invalid(field)}
                        aria-describedby={invalid(field) ? errorId : undefined}
                        onChange={(event) => setDay(day, { end: event.target.value })}
                      />
                    </Form.Group>
                  </>
                )}
              </div>
              {feedback(field, errorId)}
            </div>
          );
        })}
      </fieldset>

      <Form.Group controlId="hours-latest-start" className="mb-4">
        <Form.Label>Latest start (optional)</Form.Label>
        <Form.Control
          type="time"
          className="hours-time"
          value={fields.latestStart}
          isInvalid={invalid('latestStart')}
          aria-describedby="hours-latest-start-help"
          onChange={(event) =>
            update((current) => ({ ...current, latestStart: event.target.value }))
          }
        />
        <Form.Text id="hours-latest-start-help">No session starts after this time.</Form.Text>
        {feedback('latestStart', 'hours-latest-start-error')}
      </Form.Group>

      <fieldset className="mb-4">
        <legend className="h5">Weekly blocks</legend>
        <p className="small">Time kept free every week, such as supervision (London time).</p>
        {fields.blocks.map((block, index) => {
          const field = `weeklyBlocks.${index}`;
          const errorId = `hours-block-${index}-error`;
          const described = invalid(field) ? errorId : undefined;
          return (
            <div
              key={block.key}
              className="d-flex flex-wrap align-items-end gap-3 mb-2"
              role="group"
              aria-label={`Weekly block ${index + 1}`}
            >
              <Form.Group controlId={`hours-block-${index}-day`}>
                <Form.Label className="small mb-0">Day</Form.Label>
                <Form.Select
                  value={block.day}
                  isInvalid={invalid(field)}
                  aria-describedby={described}
                  onChange={(event) =>
                    setBlock(block.key, { day: event.target.value as DayOfWeek })
                  }
                >
                  {DAYS_OF_WEEK.map((day) => (
                    <option key={day}>{day}</option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group controlId={`hours-block-${index}-start`}>
                <Form.Label className="small mb-0">From</Form.Label>
                <Form.Control
                  type="time"
                  value={block.start}
                  isInvalid={invalid(field)}
                  aria-describedby={described}
                  onChange={(event) => setBlock(block.key, { start: event.target.value })}
                />
              </Form.Group>
              <Form.Group controlId={`hours-block-${index}-end`}>
                <Form.Label className="small mb-0">To</Form.Label>
                <Form.Control
                  type="time"
                  value={block.end}
                  isInvalid={invalid(field)}
                  aria-describedby={described}
                  onChange={(event) => setBlock(block.key, { end: event.target.value })}
                />
              </Form.Group>
              <Form.Group controlId={`hours-block-${index}-label`}>
                <Form.Label className="small mb-0">Label (optional)</Form.Label>
                <Form.Control
                  value={block.label}
                  maxLength={80}
                  onChange={(event) => setBlock(block.key, { label: event.target.value })}
                />
              </Form.Group>
              <Button
                variant="outline-secondary"
                onClick={() =>
                  update((current) => ({
                    ...current,
                    blocks: current.blocks.filter((each) => each.key !== block.key),
                  }))
                }
              >
                Remove block {index + 1}
              </Button>
              <div className="w-100">{feedback(field, errorId)}</div>
            </div>
          );
        })}
        <Button
          variant="outline-primary"
          onClick={() =>
            update((current) => ({
              ...current,
              blocks: [
                ...current.blocks,
                { key: newKey(), day: 'Wednesday', start: '', end: '', label: '' },
              ],
            }))
          }
        >
          Add a weekly block
        </Button>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">Days off</legend>
        {fields.daysOff.map((row, index) => (
          <div key={row.key} className="d-flex flex-wrap align-items-end gap-3 mb-2">
            <Form.Group controlId={`hours-day-off-${index}`}>
              <Form.Label className="small mb-0">Day off {index + 1}</Form.Label>
              <Form.Control
                type="date"
                value={row.date}
                isInvalid={invalid(`daysOff.${index}`)}
                aria-describedby={
                  invalid(`daysOff.${index}`) ? `hours-day-off-${index}-error` : undefined
                }
                onChange={(event) =>
                  update((current) => ({
                    ...current,
                    daysOff: current.daysOff.map((each) =>
                      each.key === row.key ? { ...each, date: event.target.value } : each,
                    ),
                  }))
                }
              />
            </Form.Group>
            <Button
              variant="outline-secondary"
              onClick={() =>
                update((current) => ({
                  ...current,
                  daysOff: current.daysOff.filter((each) => each.key !== row.key),
                }))
              }
            >
              Remove day off {index + 1}
            </Button>
            <div className="w-100">
              {feedback(`daysOff.${index}`, `hours-day-off-${index}-error`)}
            </div>
          </div>
        ))}
        <Button
          variant="outline-primary"
          onClick={() =>
            update((current) => ({
              ...current,
              daysOff: [...current.daysOff, { key: newKey(), date: '' }],
            }))
          }
        >
          Add a day off
        </Button>
      </fieldset>

      <fieldset className="mb-4" id="hours-bank-holidays" tabIndex={-1}>
        <legend className="h5">Bank holidays</legend>
        <p className="small">Closed unless you open them.</p>
        <ul className="list-unstyled">
          {loaded.bankHolidays.map((holiday) => (
            <li key={holiday.date}>
              <Form.Check
                type="switch"
                id={`hours-bank-holiday-${holiday.date}`}
                label={`Open this day: ${holiday.name}, ${dateText(holiday.date)}`}
                checked={fields.openBankHolidays.includes(holiday.date)}
                onChange={(event) =>
                  update((current) => ({
                    ...current,
                    openBankHolidays: event.target.checked
                      ? [...current.openBankHolidays, holiday.date]
                      : current.openBankHolidays.filter((date) => date !== holiday.date),
                  }))
                }
              />
            </li>
          ))}
        </ul>
        {feedback('openBankHolidays', 'hours-bank-holidays-error')}
      </fieldset>

      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save your hours'}
      </Button>
    </Form>
  );
}
