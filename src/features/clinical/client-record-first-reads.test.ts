import { recordIdIn } from './client-record-first-reads';

it('reads the record id from its address as the router gives it to the page, else none', () => {
  expect(recordIdIn('/practice/clients/client-1')).toBe('client-1');
  expect(recordIdIn('/practice/clients/u%201/')).toBe('u 1');
  expect(recordIdIn('/practice/clients/a%2Fb')).toBe('a/b');
  expect(recordIdIn('/practice/clients/a%252Fb')).toBe('a/b');
  expect(recordIdIn('/practice/clients/a+b%C3%A9')).toBe('a+bé');
  expect(recordIdIn('/practice/clients')).toBeUndefined();
  expect(recordIdIn('/practice/clients/')).toBeUndefined();
  expect(recordIdIn('/practice/clients/a/b')).toBeUndefined();
  expect(recordIdIn('/practice/clients/%E0%A4%A')).toBeUndefined();
});
