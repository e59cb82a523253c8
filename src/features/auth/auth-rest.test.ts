import { applyActionCode, checkActionCode, confirmPasswordReset, sdkErrorOf } from './auth-rest';
import { authErrorMessage } from './auth-errors';

const answers: { status: number; body: unknown }[] = [];
const sent: { url: string; body: unknown }[] = [];
beforeEach(() => {
  answers.length = 0;
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const refusal = (message: string) => ({ status: 400, body: { error: { code: 400, message } } });

it('calls the endpoints the SDK calls, with the code', async () => {
  answers.push({ status: 200, body: {} }, { status: 200, body: {} });
  await applyActionCode('code-1');
  await confirmPasswordReset('code-2', 'a-new-password-9');
  expect(sent).toEqual([
    { url: expect.stringMatching(/\/v1\/accounts:update\?key=/), body: { oobCode: 'code-1' } },
    {
      url: expect.stringMatching(/\/v1\/accounts:resetPassword\?key=/),
      body: { oobCode: 'code-2', newPassword: 'a-new-password-9' },
    },
  ]);
});

it("reads the address a code acts on: for an address change, the new one, as the SDK's checkActionCode", async () => {
  answers.push(
    { status: 200, body: { requestType: 'RECOVER_EMAIL', email: 'ada@example.com' } },
    {
      status: 200,
      body: {
        requestType: 'VERIFY_AND_CHANGE_EMAIL',
        email: 'old@example.com',
        newEmail: 'new@example.com',
      },
    },
  );
  expect(await checkActionCode('c')).toEqual({ email: 'ada@example.com' });
  expect(await checkActionCode('c')).toEqual({ email: 'new@example.com' });
});

it("refuses with the SDK's own codes, so the page says the same sentences", async () => {
  const cases: [string, string, string][] = [
    [
      'INVALID_OOB_CODE',
      'auth/invalid-action-code',
      'This link is not valid or has already been used. Please ask for a new one.',
    ],
    [
      'EXPIRED_OOB_CODE',
      'auth/expired-action-code',
      'This link has expired. Please ask for a new one.',
    ],
    ['USER_DISABLED', 'auth/user-disabled', ''],
    ['WEAK_PASSWORD : Password should be at least 6 characters', 'auth/weak-password', ''],
  ];
  for (const [message, code, sentence] of cases) {
    answers.push(refusal(message));
    const error = await applyActionCode('c').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code });
    if (sentence) expect(authErrorMessage(error)).toBe(sentence);
  }
  // Unreachable: the SDK's network error, which the page offers to try again.
  await expect(applyActionCode('c')).rejects.toMatchObject({ code: 'auth/network-request-failed' });
  expect(sdkErrorOf('TOO_MANY_ATTEMPTS_TRY_LATER').code).toBe('auth/too-many-requests');
});

it('reads an answer as the SDK reads it: its map of names, and what is not an answer', async () => {
  expect(sdkErrorOf('INVALID_IDENTIFIER').code).toBe('auth/invalid-email');
  expect(sdkErrorOf('CREDENTIAL_TOO_OLD_LOGIN_AGAIN').code).toBe('auth/requires-recent-login');
  expect(sdkErrorOf('BLOCKING_FUNCTION_ERROR_RESPONSE : no').code).toBe('auth/internal-error');
  // A refusal without a message, and an ok answer that carries one.
  answers.push(
    { status: 503, body: {} },
    { status: 200, body: { errorMessage: 'INVALID_OOB_CODE' } },
  );
  await expect(applyActionCode('c')).rejects.toMatchObject({ code: 'auth/network-request-failed' });
  await expect(applyActionCode('c')).rejects.toMatchObject({ code: 'auth/invalid-action-code' });
  // A code that names no address where it must.
  answers.push({ status: 200, body: { requestType: 'PASSWORD_RESET' } });
  await expect(checkActionCode('c')).rejects.toMatchObject({ code: 'auth/internal-error' });
});
