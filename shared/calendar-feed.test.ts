import { clientInitials } from './calendar-feed';

describe('clientInitials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  Mary Jane  O’Neil ', 'MO'],
    ['Zoë de la Cruz', 'ZC'],
    ['"Bob" Smith', 'BS'],
    ['', 'Client'],
    ['   ', 'Client'],
    ['<script>', 'S'],
  ])('%j → %s', (name, initials) => {
    expect(clientInitials(name)).toBe(initials);
  });
});
