/**
 * Stripe's hosted pages as the stand-in (stripe-stand-in.ts) shows them: Checkout's card form,
 * its expired page, and the Customer Portal, drawn from its books (stripe-ledger.ts).
 */
import type http from 'node:http';
import type { StripeLedger } from './stripe-ledger.ts';
import {
  checkoutPage,
  DECLINES,
  escapeHtml,
  page,
  subscriptionObject,
  SUCCEEDS,
} from './stripe-shapes.ts';

/** Serves one request for a hosted page (anything outside /v1/). */
export async function serveHostedPage(
  ledger: StripeLedger,
  method: string,
  url: URL,
  raw: string,
  response: http.ServerResponse,
) {
  const html = (status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
  // The browser tests' way to make the race no expiry closes: a card submitted on a page a
  // moment before it expired (payAnyway below, over HTTP).
  const anyway = /^\/test\/pay-anyway\/([\w]+)$/.exec(url.pathname);
  const late = anyway ? ledger.checkouts.get(anyway[1]!) : undefined;
  if (late && method === 'POST') {
    await ledger.completeCheckout(late, SUCCEEDS.slice(-4));
    response.writeHead(204).end();
    return;
  }
  const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
  const checkout = pay ? ledger.checkouts.get(pay[1]!) : undefined;
  if (checkout?.status === 'expired') {
    // Shown as Stripe shows it (a page, 200); a card sent to it is refused (410).
    return html(
      method === 'GET' ? 200 : 410,
      page(
        'This payment page has expired – Checkout (local stand-in)',
        `<h1>This payment page has expired</h1><p>Nothing was charged. Go back and choose Pay again.</p><p><a class="button" href="${escapeHtml(checkout.cancelUrl)}">Go back</a></p>`,
      ),
    );
  }
  if (checkout && method === 'GET') {
    if (checkout.status === 'complete') {
      response.writeHead(303, { location: checkout.successUrl }).end();
      return;
    }
    return html(200, checkoutPage(checkout));
  }
  if (checkout && method === 'POST') {
    const form = new URLSearchParams(raw);
    const card = (form.get('card') ?? '').replace(/\D/g, '');
    if (card === DECLINES) {
      return html(200, checkoutPage(checkout, 'Your card was declined. Try another card.'));
    }
    if (card !== SUCCEEDS) {
      return html(200, checkoutPage(checkout, 'Your card number is incorrect. Use a test card.'));
    }
    if (
      !/^\d{2}\s*\/\s*\d{2}$/.test(form.get('expiry') ?? '') ||
      !/^\d{3,4}$/.test(form.get('cvc') ?? '')
    ) {
      return html(200, checkoutPage(checkout, 'Enter the expiry as MM / YY and the 3-digit CVC.'));
    }
    await ledger.completeCheckout(checkout, card.slice(-4), form.get('delayed') === '1');
    response
      .writeHead(303, {
        location: checkout.successUrl.replace('{CHECKOUT_SESSION_ID}', checkout.id),
      })
      .end();
    return;
  }
  const portal = /^\/portal\/([\w]+)(\/cancel)?$/.exec(url.pathname);
  const session = portal ? ledger.portals.get(portal[1]!) : undefined;
  const live = [...ledger.subscriptions.values()].filter(
    (each) =>
      each.customer === session?.customer && each.status === 'active' && !each.cancelAtPeriodEnd,
  );
  if (portal && session && portal[2] && method === 'POST') {
    // The Portal cancels at the period's end, as the practice's Portal settings ask.
    for (const subscription of live) {
      subscription.cancelAtPeriodEnd = true;
      await ledger.sendEvent('customer.subscription.updated', subscriptionObject(subscription));
    }
    response.writeHead(303, { location: session.returnUrl }).end();
    return;
  }
  if (portal && method === 'GET') {
    const back = session?.returnUrl ?? '/';
    const cancel = live.length
      ? `<form method="post" action="/portal/${escapeHtml(portal[1]!)}/cancel"><button type="submit">Cancel plan</button></form>`
      : '';
    return html(
      200,
      page(
        'Billing – Customer portal (local stand-in)',
        `<h1>Your billing</h1><p>Card on file: Visa ending 4242.</p><p>In Stripe's Customer Portal the client updates the card or cancels here.</p>${cancel}<p><a class="button" href="${escapeHtml(back)}">Return to the site</a></p>`,
      ),
    );
  }
  return html(404, page('Not found', '<h1>Not found</h1>'));
}
