import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { User } from '../../../lib/firebase';
import { DiaryLink } from './account-page';

/** The SDK's user, whose token's claims cannot be read (a refresh that failed offline). */
const unreadable = {
  getIdTokenResult: () => Promise.reject(new Error('network')),
} as unknown as User;

it('shows the link on the stored claims until the SDK has the user', () => {
  render(
    <MemoryRouter>
      <DiaryLink user={undefined} storedClaims={{ practitioner: true }} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'open the diary' })).toBeInTheDocument();
});

it('drops the link the stored claims showed once the SDK has the user and cannot confirm the claim', async () => {
  render(
    <MemoryRouter>
      <DiaryLink user={unreadable} storedClaims={{ practitioner: true }} />
    </MemoryRouter>,
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(screen.queryByRole('link', { name: 'open the diary' })).toBeNull();
});
