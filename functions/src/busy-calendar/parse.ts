import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import { practiceInstant } from '../../../shared/time';
import type { Interval } from '../bookings';

export interface ReadCalendar {
  /** How many events (VEVENTs, an occurrence moved or cancelled counted with its series) it holds. */
  events: number;
  /** Her busy times that touch `within`, in order, overlaps merged. Start and end only. */
  busy: Interval[];
}

/** Every occurrence of a series is looked at up to this many (a daily event for ~30 years). */
const MAX_OCCURRENCES_PER_EVENT = 50_000;

/** How far past the window a series is still read, for an occurrence moved back into it. */
const MOVED_OCCURRENCE_MARGIN_MS = 31 * 86_400_000;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An ical.js time as an instant. A time in a zone (its VTIMEZONE, or an IANA name registered
 * below) or in UTC is exact; a floating time or a whole day (no zone) is London's wall clock,
 * the practice's, rather than the server's own zone.
 */
function instantOf(time: ICAL.Time): Date {
  const tzid = time.zone?.tzid;
  if (!time.isDate && tzid && tzid !== 'floating') return new Date(time.toUnixTime() * 1000);
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  return practiceInstant(date, time.isDate ? '00:00' : `${pad(time.hour)}:${pad(time.minute)}`);
}

/** Whether this VEVENT (or one occurrence's override) keeps her free: transparent or cancelled. */
function keepsHerFree(component: ICAL.Component): boolean {
  const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transparency === 'TRANSPARENT' || status === 'CANCELLED';
}

/**
 * The zones the feed names without a VTIMEZONE of its own (Google and Apple write IANA names
 * such as America/New_York): registered from the IANA data the calendar files already use. The
 * feed's own VTIMEZONEs are registered too, for this read only, and all are removed after it.
 */
function registerZones(root: ICAL.Component): string[] {
  const registered: string[] = [];
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    const tzid = String(zone.getFirstPropertyValue('tzid') ?? '');
    if (!tzid || ICAL.TimezoneService.has(tzid)) continue;
    ICAL.TimezoneService.register(zone);
    registered.push(tzid);
  }
  const named = new Set<string>();
  for (const event of root.getAllSubcomponents('vevent')) {
    for (const property of event.getAllProperties()) {
      const tzid = property.getParameter('tzid');
      if (typeof tzid === 'string') named.add(tzid);
    }
  }
  for (const tzid of named) {
    if (ICAL.TimezoneService.has(tzid)) continue;
    const vtimezone = getVtimezoneComponent(tzid);
    if (!vtimezone) continue; // Unknown: its times read as floating (London), the safer guess.
    const component = new ICAL.Component(
      ICAL.parse(`BEGIN:VCALENDAR\r\n${vtimezone}END:VCALENDAR\r\n`),
    );
    const zone = component.getFirstSubcomponent('vtimezone');
    if (!zone) continue;
    ICAL.TimezoneService.register(zone);
    registered.push(tzid);
  }
  return registered;
}

/** Sorted, with overlapping or touching intervals joined. */
function merged(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const joined: Interval[] = [];
  for (const interval of sorted) {
    const last = joined.at(-1);
    if (last && interval.start <= last.end) {
      if (interval.end > last.end) last.end = interval.end;
    } else joined.push({ ...interval });
  }
  return joined;
}

/** The busy occurrences of one event (a series with its overrides) that touch `within`. */
function occurrences(event: ICAL.Event, within: Interval): Interval[] {
  const found: Interval[] = [];
  const add = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Event) => {
    if (keepsHerFree(item.component)) return;
    const interval = { start: instantOf(start), end: instantOf(end) };
    if (interval.end <= interval.start) return;
    if (interval.start < within.end && within.start < interval.end) found.push(interval);
  };
  if (!event.isRecurring()) {
    add(event.startDate, event.endDate, event);
    return found;
  }
  const iterator = event.iterator();
  for (let count = 0; count < MAX_OCCURRENCES_PER_EVENT; count += 1) {
    const next = iterator.next();
    if (!next) break;
    const details = event.getOccurrenceDetails(next);
    // In the series' own order: a moved occurrence keeps its place by its RECURRENCE-ID, so read
    // a margin past the window for one moved back into it.
    if (instantOf(next).getTime() > within.end.getTime() + MOVED_OCCURRENCE_MARGIN_MS) break;
    add(details.startDate, details.endDate, details.item);
  }
  return found;
}

/**
 * Her calendar's busy times within `within`, from an iCalendar feed: recurring events with their
 * EXDATEs and moved or cancelled occurrences, VTIMEZONEs and IANA zone names, all-day events (the
 * London day), transparent and cancelled events left out. Throws when the text is not iCalendar.
 */
export function readCalendar(text: string, within: Interval): ReadCalendar {
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== 'vcalendar') throw new Error('it is not an iCalendar (VCALENDAR) file');
  const registered = registerZones(root);
  try {
    const components = root.getAllSubcomponents('vevent');
    const masters = new Map<string, ICAL.Event>();
    const overrides: ICAL.Component[] = [];
    for (const component of components) {
      if (component.hasProperty('recurrence-id')) overrides.push(component);
      else
        masters.set(
          String(component.getFirstPropertyValue('uid') ?? ''),
          new ICAL.Event(component, { exceptions: [] }),
        );
    }
    const busy: Interval[] = [];
    for (const override of overrides) {
      const master = masters.get(String(override.getFirstPropertyValue('uid') ?? ''));
      if (master) master.relateException(override);
      // An override whose series is not in the feed is an event of its own.
      else busy.push(...occurrences(new ICAL.Event(override), within));
    }
    for (const master of masters.values()) busy.push(...occurrences(master, within));
    return { events: components.length, busy: merged(busy) };
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
}
