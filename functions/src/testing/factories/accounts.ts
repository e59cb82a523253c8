import { createAccount, type TestAccount } from '../accounts';

export type AccountOptions = Parameters<typeof createAccount>[0];

/**
 * Accounts made side by side in the Auth emulator, under the names the test gives them:
 * `const { client, practitioner } = await createAccounts({ client: { name: 'Ada Client' }, … })`.
 */
export async function createAccounts<const Wanted extends Record<string, AccountOptions>>(
  wanted: Wanted,
): Promise<{ [Name in keyof Wanted]: TestAccount }> {
  const made = await Promise.all(
    Object.entries(wanted).map(async ([name, options]) => [name, await createAccount(options)]),
  );
  return Object.fromEntries(made) as { [Name in keyof Wanted]: TestAccount };
}
