import fc from 'fast-check';
import { parseServices, safeImageSource, SERVICE_IMAGE_PLACEHOLDER } from './service-schema';

const valid = {
  id: 1,
  name: 'Individual Therapy',
  price: 240,
  session: 4,
  minutes: 50,
  description: 'Weekly sessions.',
  img: '/images/services/individual.webp',
};

describe('parseServices', () => {
  it('keeps valid entries', () => {
    expect(parseServices([valid])).toEqual({
      services: [{ ...valid, format: 'in-person' }],
      rejected: [],
    });
    const byVideo = { ...valid, format: 'video' };
    expect(parseServices([byVideo]).services).toEqual([byVideo]);
    expect(parseServices([{ ...valid, format: 'by post' }]).rejected).toHaveLength(1);
  });

  it('skips entries with missing or mistyped fields, and duplicate ids', () => {
    const { services, rejected } = parseServices([
      valid,
      { ...valid, id: 2, price: '240' },
      { ...valid, id: 3, session: 0 },
      { ...valid, id: 4, name: '   ' },
      { id: 5 },
      'text',
      null,
      { ...valid, name: 'Same id' },
      { ...valid, id: 6, price: Number.POSITIVE_INFINITY },
      { ...valid, id: 7, minutes: 0 },
    ]);
    expect(services.map((s) => s.id)).toEqual([1]);
    expect(rejected).toHaveLength(9);
    expect(rejected[0]).toMatch(/^#1 \(id 2\)/);
  });

  it('throws when the body is not a list', () => {
    expect(() => parseServices({ services: [] })).toThrow('not a list');
    expect(() => parseServices(null)).toThrow();
  });

  it('replaces unsafe or missing images with the placeholder', () => {
    for (const img of [
      'javascript:alert(1)',
      '//evil.example/a.png',
      'data:image/png;base64,AA',
      '',
      ' ',
    ]) {
      expect(parseServices([{ ...valid, img }]).services[0]?.img).toBe(SERVICE_IMAGE_PLACEHOLDER);
    }
    const { img, ...withoutImage } = valid;
    expect(parseServices([withoutImage]).services[0]?.img).toBe(SERVICE_IMAGE_PLACEHOLDER);
    expect(parseServices([{ ...valid, img: 'https://cdn.example/a.webp' }]).services[0]?.img).toBe(
      'https://cdn.example/a.webp',
    );
  });
});

// What the schema accepts, written independently of it: each field within its rule.
const nonBlank = (max: number) =>
  fc
    .tuple(fc.string({ minLength: 1, maxLength: max - 2 }), fc.constantFrom('', ' ', '\n'))
    .map(([text, pad]) => `${pad}${text}${pad}`)
    .filter((text) => text.trim().length > 0 && text.trim().length <= max);

/** Image sources the site may show: paths on this site and http(s) URLs. */
const safeImage = fc.oneof(
  fc.array(fc.webSegment(), { maxLength: 4 }).map((segments) => `/images/${segments.join('/')}`),
  fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }),
);

/** Image sources that must become the placeholder: other schemes and host-changing tricks. */
const hostileImage = fc.oneof(
  fc.constantFrom(
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:image/png;base64,AA',
    'blob:https://site.example/1',
    'file:///etc/passwd',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/\t/evil.example/x.png',
    '/\n/evil.example/x.png',
    '\\\\evil.example\\x.png',
    '',
    '   ',
  ),
  fc.webUrl({ validSchemes: ['ftp', 'ftps'] }),
  fc.string().filter((text) => !text.trim().startsWith('/') && !/^\s*https?:/i.test(text)),
);

/** The fields of a service that the schema must accept. */
const validFields = {
  id: fc.nat({ max: 1_000_000 }),
  name: nonBlank(120),
  price: fc.oneof(
    fc.integer({ min: 0, max: 100_000 }),
    fc.double({ min: 0, max: 100_000, noNaN: true }),
  ),
  session: fc.integer({ min: 1, max: 100 }),
  description: nonBlank(2000),
  minutes: fc.integer({ min: 5, max: 480 }),
};

const validService = (img: fc.Arbitrary<string>) => fc.record({ ...validFields, img });

/** A service with one field missing or of the wrong kind: never valid. */
const brokenService = fc
  .tuple(
    validService(safeImage),
    fc.constantFrom(...(Object.keys(validFields) as (keyof typeof validFields)[])),
    fc.constantFrom<unknown>(undefined, null, '', '12', -1, 1.5, Number.NaN, Infinity, [], {}),
  )
  .map(([service, key, value]) => ({ ...service, [key]: value }))
  .filter((service) => !isValidByRule(service));

/** The schema's rules, restated for the broken-service arbitrary (which must stay broken). */
function isValidByRule(entry: Record<string, unknown>): boolean {
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim().length > 0 && value.trim().length <= max;
  const { id, name, price, session, description } = entry;
  return (
    Number.isInteger(id) &&
    (id as number) >= 0 &&
    text(name, 120) &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0 &&
    price <= 100_000 &&
    Number.isInteger(session) &&
    (session as number) >= 1 &&
    (session as number) <= 100 &&
    text(description, 2000)
  );
}

/** Safe per the rule "a path on this site, or an http(s) URL", checked by the URL parser. */
function isSafeSource(src: string): boolean {
  const site = 'https://site.invalid';
  const url = new URL(src, site);
  if (src.startsWith('/')) return url.origin === site;
  return /^https?:\/\//.test(src) && (url.protocol === 'https:' || url.protocol === 'http:');
}

describe('parseServices properties', () => {
  it('keeps every valid service with a new id, and skips every broken entry', () => {
    let kept = 0;
    let entries = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            { weight: 4, arbitrary: validService(fc.oneof(safeImage, hostileImage)) },
            { weight: 1, arbitrary: brokenService },
            {
              weight: 1,
              arbitrary: fc.anything().filter((x) => !isRecord(x) || !isValidByRule(x)),
            },
          ),
          { maxLength: 12 },
        ),
        (list) => {
          const seen = new Set<unknown>();
          const expected: unknown[] = [];
          for (const entry of list) {
            if (!isRecord(entry) || !isValidByRule(entry) || seen.has(entry.id)) continue;
            seen.add(entry.id);
            expected.push(entry.id);
          }
          const { services, rejected } = parseServices(list);
          expect(services.map((service) => service.id)).toEqual(expected);
          expect(services.length + rejected.length).toBe(list.length);
          kept += services.length;
          entries += list.length;
        },
      ),
      { numRuns: 200 },
    );
    // The property ran on many real services, not only on rejects.
    expect(kept).toBeGreaterThan(entries * 0.5);
  });

  it('shows a safe image as given and replaces every other source with the placeholder', () => {
    const shown = { own: 0, placeholder: 0 };
    fc.assert(
      fc.property(
        fc.oneof(
          safeImage.map((img) => ({ img, safe: true })),
          hostileImage.map((img) => ({ img, safe: false })),
        ),
        validService(fc.constant('')),
        ({ img, safe }, service) => {
          const [parsed] = parseServices([{ ...service, img }]).services;
          expect(parsed).toBeDefined();
          if (safe) {
            expect(parsed!.img).toBe(img.startsWith('/') ? img : new URL(img).href);
            shown.own += 1;
          } else {
            expect(parsed!.img).toBe(SERVICE_IMAGE_PLACEHOLDER);
            shown.placeholder += 1;
          }
          expect(parsed!.img === SERVICE_IMAGE_PLACEHOLDER || isSafeSource(parsed!.img)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
    expect(shown.own).toBeGreaterThan(100);
    expect(shown.placeholder).toBeGreaterThan(100);
  });
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

describe('safeImageSource', () => {
  it('accepts site paths and http(s) URLs only', () => {
    expect(safeImageSource('/images/a.webp')).toBe('/images/a.webp');
    expect(safeImageSource('http://x.example/a.png')).toBe('http://x.example/a.png');
    expect(safeImageSource('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeImageSource('/\\evil')).toBeUndefined();
    expect(safeImageSource('/\t/evil.example/x.png')).toBeUndefined(); // read as //evil.example
  });
});
