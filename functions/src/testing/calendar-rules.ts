import ICAL from 'ical.js';

/** Content lines of an iCalendar file, unfolded (RFC 5545 3.1). */
const unfold = (text: string) =>
  text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter(Boolean);

interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

function parseLine(line: string): ContentLine {
  const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const [name = '', ...params] = line.slice(0, colon).split(';');
  return {
    name: name.toUpperCase(),
    params: Object.fromEntries(
      params.map((param) => {
        const [key = '', value = ''] = param.split('=');
        return [key.toUpperCase(), value];
      }),
    ),
    value: line.slice(colon + 1),
  };
}

const UTC_DATE_TIME = /^\d{8}T\d{6}Z$/;
const LOCAL_DATE_TIME = /^\d{8}T\d{6}$/;
const DATE = /^\d{8}$/;

/**
 * What an iCalendar file breaks of the RFC 5545 rules our files must keep, as sentences (none when
 * it keeps them): it parses (ical.js); every VEVENT has one DTSTAMP in UTC (3.8.7.2); an RRULE's
 * UNTIL has the form its DTSTART asks for, UTC when DTSTART has a TZID or is UTC (3.3.10); every
 * TZID used has its VTIMEZONE (3.2.19).
 */
export function calendarViolations(text: string): string[] {
  const problems: string[] = [];
  try {
    new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    problems.push(`ical.js cannot parse it: ${String(error)}`);
  }
  const lines = unfold(text).map(parseLine);
  const zones = new Set(lines.filter((line) => line.name === 'TZID').map((line) => line.value));
  let event: ContentLine[] | undefined;
  const events: ContentLine[][] = [];
  for (const line of lines) {
    if (line.name === 'BEGIN' && line.value === 'VEVENT') event = [];
    else if (line.name === 'END' && line.value === 'VEVENT' && event) {
      events.push(event);
      event = undefined;
    } else if (event) event.push(line);
    if (line.params.TZID && !zones.has(line.params.TZID))
      problems.push(`${line.name} names TZID=${line.params.TZID}, which has no VTIMEZONE.`);
  }
  const components = lines.filter(
    (line) => line.name === 'BEGIN' && line.value !== 'VCALENDAR',
  ).length;
  if (components === 0) problems.push('It has no component (3.6).');
  // An invitation (METHOD) is about an event; a published feed (no METHOD) may be empty.
  if (events.length === 0 && lines.some((line) => line.name === 'METHOD'))
    problems.push('It has no VEVENT.');
  events.forEach((properties, index) => {
    const where = `VEVENT ${index + 1}`;
    const stamps = properties.filter((line) => line.name === 'DTSTAMP');
    if (stamps.length !== 1) problems.push(`${where} has ${stamps.length} DTSTAMP lines, not 1.`);
    for (const stamp of stamps)
      if (!UTC_DATE_TIME.test(stamp.value) || Object.keys(stamp.params).length > 0)
        problems.push(`${where}: DTSTAMP ${stamp.value} is not a UTC date-time (…Z).`);
    const start = properties.find((line) => line.name === 'DTSTART');
    for (const rule of properties.filter((line) => line.name === 'RRULE')) {
      const until = /(?:^|;)UNTIL=([^;]+)/.exec(rule.value)?.[1];
      if (!until || !start) continue;
      const expected =
        start.params.VALUE === 'DATE'
          ? DATE
          : start.params.TZID || start.value.endsWith('Z')
            ? UTC_DATE_TIME
            : LOCAL_DATE_TIME;
      if (!expected.test(until))
        problems.push(
          `${where}: UNTIL=${until} does not match DTSTART${
            start.params.TZID ? `;TZID=${start.params.TZID}` : ''
          }:${start.value} (UTC wanted when DTSTART has a TZID).`,
        );
    }
  });
  return problems;
}

/** Every start an iCalendar file's first event expands to, up to `through`. */
export function expandStarts(calendar: string, through: Date): string[] {
  const component = new ICAL.Component(ICAL.parse(calendar));
  for (const zone of component.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(component.getFirstSubcomponent('vevent') ?? undefined);
  const starts: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const start = next.toJSDate();
    if (start > through) break;
    starts.push(start.toISOString());
  }
  return starts;
}
