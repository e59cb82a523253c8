import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { forgetServices } from '../features/services/load-services';
import { BookingReason, bookingTarget } from './booking-reason';

const couples = {
  id: 7,
  name: 'Couples Counselling',
  price: 240,
  session: 4,
  minutes: 60,
  description: 'Together.',
  img: '/images/services/online.webp',
};

function renderAt(state: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockResolvedValue(new Response(JSON.stringify([couples]), { status: 200 })),
  );
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
      <BookingReason />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetServices();
});

describe('BookingReason', () => {
  it('names the service a visitor was booking when Book Now sent them to log in', async () => {
    renderAt({ from: { pathname: '/checkout', search: '?service=7', hash: '' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Log in or register to book Couples Counselling.',
    );
  });

  it('names the free call, which has no card of its own', async () => {
    renderAt({ from: { pathname: '/checkout', search: '?service=1000', hash: '' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Log in or register to book Free 20-minute call.',
    );
  });

  it('says "a session" for the checkout without a known service', async () => {
    renderAt({ from: { pathname: '/checkout', search: '', hash: '' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Log in or register to book a session.',
    );
  });

  it('says nothing when the visitor came from elsewhere or from nowhere', () => {
    renderAt({ from: { pathname: '/account', search: '', hash: '' } });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(bookingTarget(undefined)).toBeUndefined();
    expect(bookingTarget({ from: { pathname: '//evil.example/checkout' } })).toBeUndefined();
  });
});
