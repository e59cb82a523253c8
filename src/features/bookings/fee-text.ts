import { BOOKING_RULES, feeSentences, hoursText } from '../../../shared/booking-rules';
import { feePerSessionPence, formatMoney, isFree, monthlyPriceText } from '../../../shared/money';
import type { Service } from '../../../shared/service';

/** The fee sentences of one service, with its amounts (shared/booking-rules.ts builds them). */
export function serviceFees(service: Service) {
  return feeSentences({
    feeText: formatMoney(feePerSessionPence(service)),
    monthlyText: monthlyPriceText(service),
    sessionsPerMonth: service.session,
    free: isFree(service),
  });
}

/** What the visitor pays and when, and what is refunded: for the request's screens. */
export function paymentSentence(service: Service): string {
  const fees = serviceFees(service);
  if (isFree(service)) return fees.free;
  return service.everyWeeks ? `${fees.plan} ${fees.planRefund}` : `${fees.oneOff} ${fees.refund}`;
}

/** Under My bookings, for every service at once: when fees are paid and the refund rule. */
export const FEES_IN_GENERAL = `A session's fee is paid online by card once the practitioner confirms it (a standing plan monthly). A session you cancel at least ${hoursText(BOOKING_RULES.clientCancelNoticeHours)} before it starts, or that the practice cancels, is refunded its fee; a session cancelled later, or missed, is not.`;
