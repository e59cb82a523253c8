import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { forgetServices } from './load-services';
import { ServicesSection } from './services-section';

const service = {
  id: 7,
  name: '<b>Bold</b> therapy',
  price: 99.5,
  session: 2,
  minutes: 50,
  description: '<script>alert(1)</script>',
  img: '/images/services/online.webp',
};

function respondWith(...bodies: (unknown | Error)[]) {
  const fetchMock = vi.fn();
  for (const body of bodies) {
    if (body instanceof Error) fetchMock.mockRejectedValueOnce(body);
    else fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderSection = () =>
  render(
    <MemoryRouter>
      <ServicesSection id="services" />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  forgetServices();
});

describe('ServicesSection', () => {
  it('starts empty, then shows each service as text with its price and booking link', async () => {
    respondWith([service]);
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Loading services');
    const card = (await screen.findByRole('heading', { name: '<b>Bold</b> therapy' })).closest(
      'li',
    )!;
    expect(within(card).getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(within(card).getByText('Appointment: 2 per month.')).toBeInTheDocument();
    expect(within(card).getByText('Price: £99.50/mo')).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Book Now: <b>Bold</b> therapy' }),
    ).toHaveAttribute('href', '/checkout?service=7');
  });

  it('shows the cadence beside the spec texts, and nothing for a plan without one', async () => {
    respondWith([
      { ...service, id: 1, name: 'Weekly plan', everyWeeks: 1 },
      { ...service, id: 3, name: 'Fortnightly plan', everyWeeks: 2 },
      { ...service, id: 5, name: 'One-off plan' },
    ]);
    renderSection();
    const card = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('li')!;
    const weekly = await card('Weekly plan');
    expect(within(weekly).getByText('Every week at a time that suits you')).toBeInTheDocument();
    expect(within(weekly).getByText('Appointment: 2 per month.')).toBeInTheDocument();
    expect(within(weekly).getByText('Price: £99.50/mo')).toBeInTheDocument();
    expect(
      within(await card('Fortnightly plan')).getByText('Every other week'),
    ).toBeInTheDocument();
    const oneOff = await card('One-off plan');
    expect(within(oneOff).queryByText(/^Every /)).not.toBeInTheDocument();
  });

  it('says where sessions happen, and shows one card per entry: the free call has none', async () => {
    respondWith([
      { ...service, format: 'in-person-or-video' },
      { ...service, id: 8, name: 'Coaching', format: 'video' },
    ]);
    renderSection();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('In person in Bristol or by video')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('By video')).toBeInTheDocument();
    expect(screen.queryByText('Free 20-minute call')).not.toBeInTheDocument();
  });

  it('says what went wrong and retries on request', async () => {
    const fetchMock = respondWith(new TypeError('offline'), [service]);
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: '<b>Bold</b> therapy' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for the list once per visit, however often the section is shown', async () => {
    const fetchMock = respondWith([service], [service]);
    const first = renderSection();
    await screen.findByRole('heading', { name: '<b>Bold</b> therapy' });
    first.unmount();
    renderSection();
    expect(await screen.findByRole('heading', { name: '<b>Bold</b> therapy' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('warns once about skipped entries', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    respondWith([service, { id: 'x' }, { name: 1 }]);
    renderSection();
    await screen.findByRole('heading', { name: '<b>Bold</b> therapy' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('Skipped 2 invalid service(s)');
  });
});
