import { describe, expect, it } from 'vitest';
import { AGREEMENT, agreementText, buildAgreement, serviceTerms } from './agreement';
import { BOOKING_RULES } from './booking-rules';
import { FREE_CALL, type Service } from './service';

const service = (fields: Partial<Service>): Service => ({
  id: 1,
  name: 'Individual Therapy',
  price: 240,
  session: 4,
  minutes: 50,
  format: 'in-person',
  description: 'Weekly sessions.',
  img: '/images/services/individual.webp',
  ...fields,
});

/** A 32-bit FNV-1a hash of the text, in hex: enough to notice a change. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

describe('each service’s terms in the agreement', () => {
  it.each([
    [
      service({}),
      'Individual Therapy: sessions of 50 minutes, for me alone.',
      'Individual Therapy: a session I cancel less than 24 hours before it starts, or miss, is not refunded: I pay its fee of £60.00.',
    ],
    [
      service({ name: 'Couples Counselling', price: 320, minutes: 60, attendees: 'couple' }),
      'Couples Counselling: sessions of 60 minutes, for my partner and me together.',
      'Couples Counselling: a session I cancel less than 24 hours before it starts, or miss, is not refunded: I pay its fee of £80.00.',
    ],
    [
      service({
        name: 'Family Therapy',
        price: 300,
        session: 2,
        minutes: 75,
        attendees: 'family',
      }),
      'Family Therapy: sessions of 75 minutes, for my family together.',
      'Family Therapy: a session I cancel less than 24 hours before it starts, or miss, is not refunded: I pay its fee of £150.00.',
    ],
  ])('%#: %s', (each, sessions, lateCancellation) => {
    expect(serviceTerms(each)).toEqual({ sessions, lateCancellation });
  });

  it('takes the notice period from the booking rules', () => {
    const rules = { ...BOOKING_RULES, clientCancelNoticeHours: 48 };
    expect(serviceTerms(service({ price: 180, session: 3 }), rules).lateCancellation).toBe(
      'Individual Therapy: a session I cancel less than 2 days before it starts, or miss, is not refunded: I pay its fee of £60.00.',
    );
  });
});

describe('the agreement', () => {
  it('states every paid service of service.json with its own length, and not the free call', () => {
    const text = agreementText();
    expect(text).toContain('Individual Therapy: sessions of 50 minutes, for me alone.');
    expect(text).toContain(
      'Couples Counselling: sessions of 60 minutes, for my partner and me together.',
    );
    expect(text).toContain('Family Therapy: sessions of 75 minutes, for my family together.');
    expect(text).toContain('Family Therapy: a session I cancel less than 24 hours');
    expect(text).not.toContain('Sessions last 50 minutes');
    expect(text).not.toContain('may be charged');
    expect(text).not.toContain(FREE_CALL.name);
  });

  it('puts each service’s terms in its section', () => {
    const built = buildAgreement([service({}), FREE_CALL]);
    const part = (name: string) => built.sections.find((section) => section.part === name);
    expect(part('treatment')?.paragraphs).toContain(
      'Individual Therapy: sessions of 50 minutes, for me alone.',
    );
    expect(part('cancellation')?.paragraphs).toContain(
      'Individual Therapy: a session I cancel less than 24 hours before it starts, or miss, is not refunded: I pay its fee of £60.00.',
    );
    expect(part('cancellation')?.paragraphs.join(' ')).not.toContain('20 minutes');
  });

  // A changed text needs a new version, or clients who agreed to the old words are not asked
  // again. When this fails: bump AGREEMENT_VERSION, then record the new fingerprint here.
  it('has a new version whenever its text changes', () => {
    const fingerprint = fnv1a(agreementText());
    expect({ version: AGREEMENT.version, fingerprint }).toEqual({
      version: '2026-11-2',
      fingerprint: 'a16856ae',
    });
  });
});
