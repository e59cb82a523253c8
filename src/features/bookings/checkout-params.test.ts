import { checkoutSearch, readCheckoutChoice } from './checkout-params';

const read = (query: string) => readCheckoutChoice(new URLSearchParams(query));

describe('readCheckoutChoice', () => {
  it('reads the service, day and time', () => {
    expect(read('service=2&day=2027-04-07&time=2027-04-07T13:30:00.000Z')).toEqual({
      serviceId: 2,
      day: '2027-04-07',
      time: '2027-04-07T13:30:00.000Z',
    });
  });

  it('writes times as UTC instants, and a time alone brings its London day', () => {
    expect(read('service=1000&time=2027-04-07T14:30%2B01:00')).toEqual({
      serviceId: 1000,
      day: '2027-04-07',
      time: '2027-04-07T13:30:00.000Z',
    });
    // 23:30 UTC on 7 April is 00:30 on 8 April in London.
    expect(read('time=2027-04-07T23:30:00Z').day).toBe('2027-04-08');
  });

  it.each([
    ['a word for a service', 'service=couples', {}],
    ['a negative service', 'service=-1', {}],
    ['a huge service', 'service=99999999999', {}],
    ['a date that does not exist', 'day=2027-02-30', {}],
    ['a date in another shape', 'day=7/4/2027', {}],
    ['a time that is not an instant', 'day=2027-04-07&time=14:30', { day: '2027-04-07' }],
    ['a time without a zone', 'time=2027-04-07T13:30:00', {}],
    ['a time of 25 o’clock', 'time=2027-04-07T25:30:00Z', {}],
    ['a script', 'service=<script>&day=<b>&time=javascript:alert(1)', {}],
    ['a time on another day', 'day=2027-04-08&time=2027-04-07T13:30:00Z', { day: '2027-04-08' }],
  ])('ignores %s', (_label, query, expected) => {
    expect(read(query)).toEqual(expected);
  });

  it('round-trips: what it writes, it reads back the same', () => {
    const choice = { serviceId: 4, day: '2027-10-31', time: '2027-10-31T09:00:00.000Z' };
    expect(checkoutSearch(choice).toString()).toBe(
      'service=4&day=2027-10-31&time=2027-10-31T09%3A00%3A00.000Z',
    );
    expect(readCheckoutChoice(checkoutSearch(choice))).toEqual(choice);
    expect(readCheckoutChoice(checkoutSearch({}))).toEqual({});
  });
});
