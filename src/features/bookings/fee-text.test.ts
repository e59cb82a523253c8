import { FREE_CALL, type Service } from '../../../shared/service';
import { FEES_IN_GENERAL, paymentSentence, serviceFees } from './fee-text';

const plan: Service = {
  id: 3,
  name: 'Weekly therapy',
  price: 240,
  session: 4,
  minutes: 50,
  everyWeeks: 1,
  format: 'in-person',
  description: 'Weekly.',
  img: '/images/services/online.webp',
};
const oneOff = { ...plan, id: 4, price: 180, session: 3, everyWeeks: undefined };

describe('the fee sentences on the browser side', () => {
  it('gives the fee per session as the monthly price ÷ sessions, with the £ sign', () => {
    expect(serviceFees(plan).feePerSession).toBe('Fee per session: £60.00');
    expect(serviceFees(oneOff).feePerSession).toBe('Fee per session: £60.00');
  });

  it('says a plan is paid monthly and a one-off when confirmed, each with the refund rule', () => {
    expect(paymentSentence(plan)).toBe(
      'The plan is £240/mo, paid monthly by card once the practitioner confirms the series. Each monthly payment covers every session in its month: 4 in most months, 5 in a month that holds 5, for the same price. A session of the plan you cancel at least 24 hours before it starts, or that the practice cancels, is refunded its share of the payment for its month (£60.00 in a month of 4 sessions); a month not yet paid is charged that much less. A session cancelled later, or missed, is not refunded.',
    );
    expect(paymentSentence(oneOff)).toMatch(
      /^The fee of £60\.00 is paid online by card once the practitioner confirms the session\. /,
    );
  });

  it('says the free call is free, and never that fees are paid at the session', () => {
    expect(paymentSentence(FREE_CALL)).toBe('This call is free: no payment is asked for.');
    expect(FEES_IN_GENERAL).toContain('24 hours');
    expect(FEES_IN_GENERAL).not.toMatch(/paid at the session/i);
  });
});
