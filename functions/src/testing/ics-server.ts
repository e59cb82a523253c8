import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { localEnv } from './local-env';

/** What one path of the test's calendar server does with a request. */
export type FeedHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * A calendar server for the tests, on the loopback address: each path answers as its handler
 * says (a feed, a redirect, an error, a very large or a silent answer). Swap handlers between
 * requests with `serve`.
 */
export async function startIcsServer() {
  const handlers = new Map<string, FeedHandler>();
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    const handler = handlers.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, localEnv.host(), resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${localEnv.host()}:${port}`;
  return {
    origin,
    port,
    url: (path: string) => `${origin}${path}`,
    serve: (path: string, handler: FeedHandler) => handlers.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering an .ics text as calendar servers do. */
export const icsFeed =
  (text: string): FeedHandler =>
  (_, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(text);
  };

/** An iCalendar file of these VEVENT / VTIMEZONE blocks, CRLF lines as RFC 5545 writes them. */
export const calendarOf = (...components: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    ...components,
    'END:VCALENDAR',
    '',
  ]
    .join('\r\n')
    .replace(/\r?\n/g, '\r\n');

/** Europe/London's VTIMEZONE as Google writes it. */
export const LONDON_VTIMEZONE = `BEGIN:VTIMEZONE
TZID:Europe/London
X-LIC-LOCATION:Europe/London
BEGIN:DAYLIGHT
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
DTSTART:19700329T010000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
DTSTART:19701025T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

/** One VEVENT with these lines (DTSTART, DTEND, RRULE…), a UID and DTSTAMP, and a private title. */
export const vevent = (uid: string, ...lines: string[]) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261201T120000Z',
    'SUMMARY:Dentist (private)',
    ...lines,
    'END:VEVENT',
  ].join('\r\n');
