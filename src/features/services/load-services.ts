import { parseServices, type Service } from './service-schema';

const SERVICES_URL = '/service.json';
const TIMEOUT_MS = 10_000;

export class ServicesUnavailableError extends Error {}

let thisVisit: Promise<Service[]> | undefined;

/**
 * The services list, fetched once per visit (spec section 4) and shared by every page that shows
 * it; a failure is forgotten, so Retry asks again. `signal` lets a caller stop waiting.
 */
export function loadServices(signal?: AbortSignal): Promise<Service[]> {
  thisVisit ??= fetchServices().catch((error: unknown) => {
    thisVisit = undefined;
    throw error;
  });
  return signal ? untilAborted(thisVisit, signal) : thisVisit;
}

/** Starts a new visit: the next caller fetches again (unit tests). */
export function forgetServices(): void {
  thisVisit = undefined;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** GET /service.json, validated; rejects with a visitor-readable reason when nothing is usable. */
async function fetchServices(): Promise<Service[]> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(SERVICES_URL, {
      signal: timeout,
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ServicesUnavailableError(
      timeout.aborted
        ? 'The services list took too long to arrive.'
        : 'The services list could not be reached. Please check your connection.',
    );
  }
  if (!response.ok) {
    throw new ServicesUnavailableError(
      `The services list is unavailable (HTTP ${response.status}).`,
    );
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ServicesUnavailableError('The services list could not be read.');
  }
  let parsed;
  try {
    parsed = parseServices(data);
  } catch {
    throw new ServicesUnavailableError('The services list could not be read.');
  }
  if (parsed.rejected.length > 0) {
    console.warn(
      `Skipped ${parsed.rejected.length} invalid service(s): ${parsed.rejected.join('; ')}`,
    );
  }
  if (parsed.services.length === 0) {
    throw new ServicesUnavailableError('No services are available to book right now.');
  }
  return parsed.services;
}
