import * as v from 'valibot';
import { addDays, practiceDate } from '../../../shared/time';
import {
  WorkingHoursSchema,
  workingHoursErrors,
  type FieldError,
  type HoursView,
  type WorkingHours,
} from '../../../shared/working-hours';
import { readSavedHours, saveWorkingHours } from './queries';
import { bankHolidaysBetween } from './bank-holidays';
import { endpoint } from '../platform/http/endpoint';
import { ProblemError } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';

const DAYS_OF_BANK_HOLIDAYS_SHOWN = 366;

function hoursView(hours: WorkingHours, context: ApiContext): HoursView {
  const today = practiceDate(context.now());
  return {
    hours,
    bankHolidays: bankHolidaysBetween(today, addDays(today, DAYS_OF_BANK_HOLIDAYS_SHOWN)),
  };
}

function invalidHours(errors: FieldError[]): ProblemError {
  const [first] = errors;
  return new ProblemError({
    type: '/api/problems/invalid-hours',
    title: 'These hours cannot be saved',
    status: 422,
    detail: first ? `Check "${first.field}": ${first.detail}` : 'Check the hours and try again.',
    errors,
  });
}

/** The shape's problems as the form's fields: "weekdays.Monday" rather than the time inside it. */
function shapeErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue) ?? '';
    const field = path.split('.').slice(0, 2).join('.') || 'hours';
    const detail =
      issue.kind === 'schema' && issue.received === 'undefined'
        ? `Add "${path}": it is required.`
        : issue.message.endsWith('.')
          ? issue.message
          : `${issue.message}.`;
    return { field, detail };
  });
}

/** GET /api/practice/hours: her hours (or the defaults) and the coming bank holidays. */
export const getWorkingHours = endpoint({
  auth: 'practitioner',
  async run({ context }) {
    return json(200, hoursView(await readSavedHours(context.db), context));
  },
});

/**
 * PUT /api/practice/hours: replaces her hours. Refused with 422 and a sentence per field when a
 * day is outside the practice's opening hours or a time is not a time.
 */
export const putWorkingHours = endpoint({
  auth: 'practitioner',
  body: v.unknown(),
  async run({ body, context }) {
    const parsed = v.safeParse(WorkingHoursSchema, body, { abortEarly: false });
    if (!parsed.success) throw invalidHours(shapeErrors(parsed.issues));
    const hours: WorkingHours = {
      ...parsed.output,
      daysOff: [...new Set(parsed.output.daysOff)].sort(),
      openBankHolidays: [...new Set(parsed.output.openBankHolidays)].sort(),
    };
    const errors = workingHoursErrors(hours, context.hours);
    if (errors.length) throw invalidHours(errors);
    await saveWorkingHours(context.db, hours, context.now());
    return json(200, hoursView(hours, context));
  },
});
