import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import * as v from 'valibot';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import type { Service } from '../../../shared/service';
import { DAYS_OF_WEEK } from '../../../shared/time-words';
import {
  DAY_PARTS,
  DAY_PART_LABELS,
  WaitlistRequestSchema,
  type DayPart,
} from '../../../shared/waitlist';
import { paths } from '../../config/routes';
import { errorSentence } from '../../lib/api';
import { joinWaitlist } from './waitlist-api';

type Field = 'days' | 'parts';
type FieldErrors = Partial<Record<Field, string>>;

/** The first control of each field, where the error summary's links take the visitor. */
const firstControl: Record<Field, string> = {
  days: `waitlist-day-${DAYS_OF_WEEK[0]}`,
  parts: `waitlist-part-${DAY_PARTS[0]}`,
};

/** The schema's own sentences, by field (the server says the same ones). */
function fieldErrors(request: unknown): FieldErrors {
  const result = v.safeParse(WaitlistRequestSchema, request);
  if (result.success) return {};
  const nested = v.flatten<typeof WaitlistRequestSchema>(result.issues).nested ?? {};
  const first = (field: Field) =>
    Object.entries(nested).find(
      ([path]) => path === field || path.startsWith(`${field}.`),
    )?.[1]?.[0];
  const errors: FieldErrors = {};
  for (const field of ['days', 'parts'] as const) {
    const message = first(field);
    if (message) errors[field] = message;
  }
  return errors;
}

function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on
    ? [...list.filter((each) => each !== item), item]
    : list.filter((each) => each !== item);
}

/**
 * "Tell me when a time frees up": the days and parts of the day that suit, and for a weekly or
 * fortnightly plan whether it is a standing time. Under the checkout's picker, for a verified
 * client (the checkout's gate).
 */
export function WaitlistForm({ service }: { service: Service }) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<string[]>([]);
  const [parts, setParts] = useState<DayPart[]>([]);
  const [standing, setStanding] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [joined, setJoined] = useState(false);
  // Counts the submits refused here, so the summary takes focus after each one has rendered.
  const [refused, setRefused] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);
  useEffect(() => {
    if (joined) done.current?.focus();
  }, [joined]);
  useEffect(() => {
    if (refused) summary.current?.focus();
  }, [refused]);

  // Days keep the week's order, whatever order they were ticked in.
  const ordered = DAYS_OF_WEEK.filter((day) => days.includes(day));
  const request = {
    serviceId: service.id,
    days: ordered,
    parts: DAY_PARTS.filter((part) => parts.includes(part)),
    ...(service.everyWeeks && { standing }),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(request);
    setErrors(found);
    setProblem(undefined);
    if (Object.keys(found).length > 0) {
      setRefused((count) => count + 1);
      return;
    }
    setPending(true);
    try {
      await joinWaitlist(request);
      setJoined(true);
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };

  if (joined) {
    return (
      <div className="alert alert-success text-start waitlist-joined">
        <p className="mb-1 fw-bold" tabIndex={-1} ref={done}>
          {RULE_SENTENCES.waitlistJoined}
        </p>
        <p className="mb-0">
          You can leave it at any time from <Link to={paths.bookings}>My bookings</Link>.
        </p>
      </div>
    );
  }

  if (!open) {
    return (
      <p className="text-start mt-4">
        <Button
          ref={opener}
          variant="outline-success"
          aria-expanded="false"
          onClick={() => setOpen(true)}
        >
          Tell me when a time frees up
        </Button>
      </p>
    );
  }

  const errorList = (Object.entries(errors) as [Field, string][]).filter(([, message]) => message);
  return (
    <Form
      noValidate
      className="text-start card card-body mt-4 waitlist-form"
      aria-labelledby="waitlist-heading"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="waitlist-heading" className="h5" tabIndex={-1} ref={heading}>
        Tell me when a time frees up
      </h2>
      <p className="small mb-3">
        If a time for {service.name} frees up on a day and at a part of the day you tick, we email
        you a link to it. {RULE_SENTENCES.waitlistLasts}
      </p>
      {errorList.length > 0 && (
        <div
          className="alert alert-danger error-summary"
          role="alert"
          aria-labelledby="waitlist-error-summary"
          tabIndex={-1}
          ref={summary}
        >
          <h3 id="waitlist-error-summary" className="h6">
            There is a problem
          </h3>
          <ul className="mb-0">
            {errorList.map(([field, message]) => (
              <li key={field}>
                <a
                  href={`#${firstControl[field]}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(firstControl[field])?.focus();
                  }}
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset className="mb-3" aria-describedby={errors.days ? 'waitlist-days-error' : undefined}>
        <legend className="h6">Days of the week that suit you</legend>
        {errors.days && (
          <p id="waitlist-days-error" className="text-danger fw-bold mb-1">
            {errors.days}
          </p>
        )}
        <div>
          {DAYS_OF_WEEK.map((day) => (
            <Form.Check
              key={day}
              inline
              id={`waitlist-day-${day}`}
              label={day}
              checked={days.includes(day)}
              isInvalid={Boolean(errors.days)}
              onChange={(event) => setDays((list) => toggled(list, day, event.target.checked))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset
        className="mb-3"
        aria-describedby={errors.parts ? 'waitlist-parts-error' : undefined}
      >
        <legend className="h6">Parts of the day that suit you (UK time)</legend>
        {errors.parts && (
          <p id="waitlist-parts-error" className="text-danger fw-bold mb-1">
            {errors.parts}
          </p>
        )}
        {DAY_PARTS.map((part) => (
          <Form.Check
            key={part}
            id={`waitlist-part-${part}`}
            label={DAY_PART_LABELS[part]}
            checked={parts.includes(part)}
            isInvalid={Boolean(errors.parts)}
            onChange={(event) => setParts((list) => toggled(list, part, event.target.checked))}
          />
        ))}
      </fieldset>
      {service.everyWeeks && (
        <Form.Check
          className="mb-3"
          id="waitlist-standing"
          label="I am looking for a standing weekly time"
          checked={standing}
          onChange={(event) => setStanding(event.target.checked)}
        />
      )}
      <div role="alert">{problem && <p className="alert alert-danger">{problem}</p>}</div>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="success" disabled={pending}>
          {pending ? 'Adding you…' : 'Join the waiting list'}
        </Button>
        <Button
          variant="outline-secondary"
          disabled={pending}
          onClick={() => {
            setOpen(false);
            setErrors({});
            requestAnimationFrame(() => opener.current?.focus());
          }}
        >
          Not now
        </Button>
      </div>
    </Form>
  );
}
