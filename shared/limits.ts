/**
 * The API's limits on what one caller may send, in one place, and the sentences that state them:
 * each is built from its number.
 */
export const API_LIMITS = {
  /** The largest request body the API reads, in bytes. */
  maxBodyBytes: 64 * 1024,
  /** Writes (POST, PUT, DELETE) one signed-in user may make at once, before the steady rate. */
  writeBurst: 30,
  /** Writes one signed-in user may make per minute, kept up for as long as they like. */
  writesPerMinute: 15,
} as const;

/** "64 KB", "5.0 MB": a size as a person reads it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export const LIMIT_SENTENCES = {
  bodyTooLarge: (bytes: number | undefined) =>
    `${bytes === undefined ? 'The request body' : `The request body of ${sizeText(bytes)}`} is ` +
    `more than the ${sizeText(API_LIMITS.maxBodyBytes)} allowed. Send a shorter one.`,
  tooManyWrites: (retryAfterSeconds: number) =>
    `You have made more than ${API_LIMITS.writeBurst} changes in a short time; after that the ` +
    `site takes ${API_LIMITS.writesPerMinute} a minute. Try again in ${retryAfterSeconds} ` +
    `second${retryAfterSeconds === 1 ? '' : 's'}.`,
};
