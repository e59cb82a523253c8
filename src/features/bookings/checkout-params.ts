import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import * as v from 'valibot';
import { InstantSchema, LocalDateSchema, ServiceIdSchema } from '../../../shared/booking';
import type { LocalDate } from '../../../shared/time';
import { dateIn } from '../../lib/practice-time';

/** What the visitor has chosen on /checkout, as the address holds it. */
export interface CheckoutChoice {
  /** The service's id; absent when the address names none, or nothing a service could be. */
  serviceId?: number;
  /** The London date whose times are shown. */
  day?: LocalDate;
  /** The chosen start, as a UTC instant ("2027-04-07T13:30:00.000Z"), always on `day`. */
  time?: string;
}

const ServiceParamSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,7}$/),
  v.transform(Number),
  ServiceIdSchema,
);
const TimeParamSchema = v.pipe(
  InstantSchema,
  v.transform((value) => new Date(value).toISOString()),
);

const parsed = <T>(schema: v.GenericSchema<string, T>, value: string | null): T | undefined => {
  if (value === null) return undefined;
  const result = v.safeParse(schema, value);
  return result.success ? result.output : undefined;
};

/**
 * Reads `?service=&day=&time=`. Whatever does not parse is ignored; a time that is not on the
 * given day is ignored too (the address was edited by hand), and a time alone brings its day.
 */
export function readCheckoutChoice(params: URLSearchParams): CheckoutChoice {
  const serviceId = parsed(ServiceParamSchema, params.get('service'));
  const day = parsed(LocalDateSchema, params.get('day'));
  const time = parsed(TimeParamSchema, params.get('time'));
  const timeDay = time === undefined ? undefined : dateIn(time);
  const choice: CheckoutChoice = {};
  if (serviceId !== undefined) choice.serviceId = serviceId;
  if (day !== undefined) choice.day = day;
  if (time !== undefined && (day === undefined || day === timeDay)) {
    choice.day = timeDay;
    choice.time = time;
  }
  return choice;
}

/** The address's query for a choice, in a fixed order: service, day, time. */
export function checkoutSearch(choice: CheckoutChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.serviceId !== undefined) params.set('service', String(choice.serviceId));
  if (choice.day !== undefined) params.set('day', choice.day);
  if (choice.time !== undefined) params.set('time', choice.time);
  return params;
}

/**
 * The checkout's choice, kept in the address so Back, reload and a shared link all work. A new
 * service or day is a new history entry (Back steps back through them); a time within the day
 * replaces the entry, so Back does not walk through every time tried.
 */
export function useCheckoutChoice() {
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => readCheckoutChoice(params), [params]);

  const go = useCallback(
    (next: CheckoutChoice, replace: boolean) =>
      setParams(checkoutSearch(next), { replace, preventScrollReset: true }),
    [setParams],
  );
  const { serviceId } = choice;

  return {
    choice,
    chooseService: useCallback((id: number | undefined) => go({ serviceId: id }, false), [go]),
    chooseDay: useCallback((day: LocalDate) => go({ serviceId, day }, false), [go, serviceId]),
    /** A time, with its day: `replace` for a change within the day shown. */
    chooseTime: useCallback(
      (time: string, replace: boolean) => go({ serviceId, day: dateIn(time), time }, replace),
      [go, serviceId],
    ),
    /** Forgets the time (it was taken, or has been requested), keeping the day. */
    forgetTime: useCallback(
      (day: LocalDate | undefined) => go({ serviceId, day }, true),
      [go, serviceId],
    ),
  };
}
