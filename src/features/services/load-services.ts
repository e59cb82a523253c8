import { parseServices, type Service } from './service-schema';

const SERVICES_URL = '/service.json';
const TIMEOUT_MS = 10_000;

export class ServicesUnavailableError extends Error {}

/** GET /service.json, validated; rejects with a visitor-readable reason when nothing is usable. */
export async function loadServices(signal?: AbortSignal): Promise<Service[]> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(SERVICES_URL, {
      signal: combined,
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
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
