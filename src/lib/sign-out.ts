let signOutExpected = false;

/**
 * Runs something that signs the visitor out on purpose (Log Out, deleting the account, the
 * practice pages' idle sign-out), so the sign-out is not reported as a session the server ended.
 */
export async function signOutOnPurpose<T>(action: () => Promise<T>): Promise<T> {
  signOutExpected = true;
  try {
    return await action();
  } catch (error) {
    signOutExpected = false;
    throw error;
  }
}

/** Whether this tab signed out on purpose; asking takes the answer (it counts once). */
export function takeSignOutExpected(): boolean {
  const expected = signOutExpected;
  signOutExpected = false;
  return expected;
}
