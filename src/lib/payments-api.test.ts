import { isPaymentPage } from './payments-api';

describe('the payment pages the browser follows', () => {
  it("goes to Stripe's own Checkout and Customer Portal over https", () => {
    expect(isPaymentPage('https://checkout.stripe.com/c/pay/cs_test_a1')).toBe(true);
    expect(isPaymentPage('https://billing.stripe.com/p/session/test_1')).toBe(true);
  });

  it('goes nowhere else, whatever the API answered', () => {
    for (const url of [
      'https://checkout.stripe.com.evil.example/c/pay',
      'http://checkout.stripe.com/c/pay',
      'https://evil.example/?https://checkout.stripe.com',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isPaymentPage(url), url).toBe(false);
    }
  });

  it('takes the Stripe stand-in on this machine in a local stack (the Auth emulator is set)', () => {
    expect(isPaymentPage('http://127.0.0.1:12111/checkout/cs_test_1')).toBe(true);
  });
});
