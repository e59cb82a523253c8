/**
 * The number the practitioner phones for the free call: a UK number, checked on both sides with
 * libphonenumber-js (Google's libphonenumber metadata, kept up to date by its maintainers).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const CALL_PHONE_SENTENCES = {
  empty: 'Enter the phone number to call, for example 07400 123456.',
  notUk: 'Enter a UK phone number, like 07400 123456 or 0117 496 0321.',
  notFreeCall: 'A phone number is only asked for the free call: leave it out for this service.',
} as const;

export type CallPhoneCheck = { ok: true; phone: string } | { ok: false; problem: string };

/** A UK number as the practitioner dials it ("07400 123456"), or the sentence saying what is wrong. */
export function checkCallPhone(value: string | undefined): CallPhoneCheck {
  const typed = (value ?? '').trim();
  if (typed === '') return { ok: false, problem: CALL_PHONE_SENTENCES.empty };
  if (typed.length > 40) return { ok: false, problem: CALL_PHONE_SENTENCES.notUk };
  const parsed = parsePhoneNumberFromString(typed, 'GB');
  if (!parsed || parsed.countryCallingCode !== '44' || !parsed.isValid())
    return { ok: false, problem: CALL_PHONE_SENTENCES.notUk };
  return { ok: true, phone: parsed.formatNational() };
}
