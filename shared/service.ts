import * as v from 'valibot';

export const SERVICE_IMAGE_PLACEHOLDER = '/images/service-placeholder.svg';

/** An image source we are willing to render: an http(s) URL or a path on this site. */
export function safeImageSource(value: string): string | undefined {
  const src = value.trim();
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would load from another host.
  if (src.startsWith('/') && !src.startsWith('//') && !/[\\\p{Cc}]/u.test(src)) return src;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

export const ServiceSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(0)),
  name: text(120),
  price: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100_000)),
  session: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  /** Length of one session in minutes (the break after it is the booking rules' business). */
  minutes: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(480)),
  description: text(2000),
  /** A plan of standing sessions: 1 every week, 2 every other week; none for one-off sessions. */
  everyWeeks: v.optional(v.picklist([1, 2], 'everyWeeks is 1 (weekly) or 2 (fortnightly).')),
  /** Where the sessions happen: at the practice, by video, or either (the client's choice). */
  format: v.optional(
    v.picklist(['in-person', 'video', 'in-person-or-video', 'phone-or-video']),
    'in-person',
  ),
  /** Who comes to the sessions; none means one person (the client alone). */
  attendees: v.optional(v.picklist(['individual', 'couple', 'family'])),
  img: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => safeImageSource(value) ?? SERVICE_IMAGE_PLACEHOLDER),
  ),
});

export type Service = v.InferOutput<typeof ServiceSchema>;

export interface ParsedServices {
  services: Service[];
  /** A short description of each entry that was skipped, for one console warning. */
  rejected: string[];
}

function describe(entry: unknown, index: number): string {
  if (entry && typeof entry === 'object' && 'id' in entry) {
    return `#${index} (id ${JSON.stringify((entry as { id: unknown }).id)?.slice(0, 40)})`;
  }
  return `#${index}`;
}

/** Keeps the valid services of an untrusted service.json body; throws if it is not a list. */
export function parseServices(data: unknown): ParsedServices {
  if (!Array.isArray(data)) throw new Error('The services list is not a list.');
  const services: Service[] = [];
  const rejected: string[] = [];
  const seen = new Set<number>();
  data.forEach((entry, index) => {
    const result = v.safeParse(ServiceSchema, entry);
    if (!result.success) {
      rejected.push(`${describe(entry, index)}: ${result.issues[0]?.message ?? 'invalid'}`);
    } else if (seen.has(result.output.id)) {
      rejected.push(`${describe(entry, index)}: duplicate id`);
    } else {
      seen.add(result.output.id);
      services.push(result.output);
    }
  });
  return { services, rejected };
}

/**
 * The free 20-minute call: the natural first step before a plan, reached from the home page's
 * "Get Started". Bookable like a service, but not one of the plans in service.json (the spec's
 * services section shows exactly those).
 */
export const FREE_CALL: Service = {
  id: 1000,
  name: 'Free 20-minute call',
  price: 0,
  session: 1,
  minutes: 20,
  format: 'phone-or-video',
  description:
    'A short, free conversation by phone or video: what brings you here, how we might work together, and any questions you have. No commitment.',
  img: SERVICE_IMAGE_PLACEHOLDER,
};

/** Every service a client can book: the plans of service.json and the free call. */
export const withFreeCall = (services: readonly Service[]): Service[] => [
  ...services.filter((service) => service.id !== FREE_CALL.id),
  FREE_CALL,
];

/** What a session or entry is called once its service has left the list (its number means nothing to a reader). */
export const FORMER_SERVICE_NAME = 'A service no longer offered';

/** A service's name from the list, or `FORMER_SERVICE_NAME` once it is no longer offered. */
export function serviceNameOf(
  services: readonly Pick<Service, 'id' | 'name'>[],
  id: number,
): string {
  return services.find((service) => service.id === id)?.name ?? FORMER_SERVICE_NAME;
}
