import twilio from 'twilio';
import type { TextSettings } from '../platform/http/types';

type RequestOptions<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

/**
 * The official SDK, pointed at the local stand-in when `apiUrl` is set: every request's
 * https://api.twilio.com (or any Twilio host) is swapped for it, nothing else changes.
 */
class StandInRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super();
  }
  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({
      ...opts,
      uri: opts.uri.replace(/^https:\/\/[^/]+/, this.apiUrl),
    });
  }
}

export function twilioClient(settings: TextSettings) {
  return twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiUrl && {
      httpClient: new StandInRequestClient(settings.apiUrl.replace(/\/+$/, '')),
    }),
  });
}

/**
 * Whether a callback is Twilio's: the SDK's own check of `X-Twilio-Signature` over the address
 * Twilio was given (the site's) and the form's fields.
 */
export function signedByTwilio(
  settings: TextSettings,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(settings.authToken, signature, url, params);
}
