/**
 * Early reads' tokens, by the read's signal: a read started before the identity SDK has restored
 * the session carries the stored session's token (early-reads.ts, stored-session.ts), and the API
 * client sends it instead of asking the SDK (api.ts). Its own module, free of imports, so that the
 * pages that only forget early reads (the Menu's sign-out) do not download the API client.
 */
const storedTokens = new WeakMap<AbortSignal, string>();

/** A signal whose reads go out with `idToken`, the stored session's. */
export function signalWithStoredToken(idToken: string): AbortSignal {
  const { signal } = new AbortController();
  storedTokens.set(signal, idToken);
  return signal;
}

/** The stored token a read's signal carries, if it is an early read's. */
export const storedTokenOf = (signal: AbortSignal | undefined) =>
  signal && storedTokens.get(signal);
