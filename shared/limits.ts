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

/** The practice is emailed about one client's risk answers at most once in this many hours. */
export const RISK_ALERT_HOURS = 24;
/** The risk email waits this long after the first answer, so it counts the ones sent with it. */
export const RISK_ALERT_GATHER_SECONDS = 60;

/** "64 KB", "5.0 MB": a size as a person reads it. */
function sizeText(bytes: number): string {
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

/** What the practice's risk email says of how many answers are waiting, e.g. "3 answers". */
export const riskAnswersText = (count: number) =>
  `${count} questionnaire answer${count === 1 ? '' : 's'} with a risk item ${count === 1 ? 'has' : 'have'} come in and ${count === 1 ? 'is' : 'are'} not yet marked seen. You are told about one client at most once in ${RISK_ALERT_HOURS} hours; the diary's list of clients to see today counts every answer.`;
