import { render } from '@testing-library/react';
import fc from 'fast-check';
import { authErrorMessage } from './auth-errors';
import { AuthErrorText } from './auth-error-text';

const hostile = fc.oneof(
  fc.string({ maxLength: 2000 }),
  fc.constantFrom(
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '"><svg onload=alert(1)>',
    '\u202eevil\u0000',
  ),
);

describe('AuthErrorText', () => {
  it("shows 'Error: ' and the sentence as text, never as markup", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const message = authErrorMessage({ code: `auth/${text}`, message: text });
        const { container, unmount } = render(<AuthErrorText id="e" message={message} />);
        const alert = container.querySelector('[role="alert"]')!;
        expect(alert.children).toHaveLength(0);
        expect(alert.textContent).toBe(`Error: ${message}`);
        unmount();
      }),
      { numRuns: 200 },
    );
  });

  it('is an empty live region until there is an error', () => {
    const { getByRole } = render(<AuthErrorText id="e" message={null} />);
    expect(getByRole('alert')).toBeEmptyDOMElement();
  });
});
