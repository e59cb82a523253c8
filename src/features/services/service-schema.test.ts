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
    expect(parseServices([valid])).toEqual({ services: [valid], rejected: [] });
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
    expect(img).toBeTruthy();
    expect(parseServices([withoutImage]).services[0]?.img).toBe(SERVICE_IMAGE_PLACEHOLDER);
    expect(parseServices([{ ...valid, img: 'https://cdn.example/a.webp' }]).services[0]?.img).toBe(
      'https://cdn.example/a.webp',
    );
  });

  it('never throws on a list and only lets safe image sources through', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.anything(),
            fc.record({
              id: fc.nat(),
              name: fc.string(),
              price: fc.double(),
              session: fc.integer(),
              description: fc.string(),
              img: fc.oneof(
                fc.string(),
                fc.webUrl(),
                fc.constantFrom('javascript:alert(1)', '//x', '/ok.webp'),
              ),
            }),
          ),
        ),
        (list) => {
          const { services } = parseServices(list);
          for (const service of services) {
            expect(
              service.img === SERVICE_IMAGE_PLACEHOLDER ||
                /^(https?:\/\/|\/(?!\/))/.test(service.img),
            ).toBe(true);
          }
        },
      ),
    );
  });
});

describe('safeImageSource', () => {
  it('accepts site paths and http(s) URLs only', () => {
    expect(safeImageSource('/images/a.webp')).toBe('/images/a.webp');
    expect(safeImageSource('http://x.example/a.png')).toBe('http://x.example/a.png');
    expect(safeImageSource('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeImageSource('/\\evil')).toBeUndefined();
  });
});
