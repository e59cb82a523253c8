import {
  TextRemindersRequestSchema,
  checkMobile,
  type TextRemindersView,
} from '../../../shared/text-reminders';
import { endpoint } from '../platform/http/endpoint';
import { problems, ProblemError } from '../platform/http/problems';
import { json, noContent, type ApiContext, type ApiRequest } from '../platform/http/types';
import { readTextReminders, recordTextStatus, stopByReply, turnOff, turnOn } from './queries';
import { signedByTwilio } from './twilio-client';

/** Twilio's keywords that opt a number out (its Advanced Opt-Out defaults). */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);

/** GET /api/account/sms: whether the caller's reminders come by text, and to which number. */
export const getTextReminders = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const row = await readTextReminders(context.db, caller.uid);
    const on = row && !row.stopped_at;
    return json(200, {
      phone: on ? row.phone : null,
      consentedAt: on ? row.consented_at.toISOString() : null,
      stoppedByReply: Boolean(row?.stopped_by_reply && row.stopped_at),
    } satisfies TextRemindersView);
  },
});

/** PUT /api/account/sms { phone, consent: true }: texts on, consent and its time recorded. */
export const putTextReminders = endpoint({
  auth: 'client',
  body: TextRemindersRequestSchema,
  unprocessable: true,
  async run({ caller, body, context }) {
    const checked = checkMobile(body.phone);
    if (!checked.ok) throw problems.unprocessable(checked.problem);
    const now = context.now();
    await turnOn(context.db, caller.uid, checked.phone, now);
    return json(200, {
      phone: checked.phone,
      consentedAt: now.toISOString(),
      stoppedByReply: false,
    } satisfies TextRemindersView);
  },
});

/** DELETE /api/account/sms: texts off; the number is forgotten. */
export const deleteTextReminders = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    await turnOff(context.db, caller.uid);
    return noContent();
  },
});

const forbidden = () =>
  new ProblemError({
    type: '/api/problems/bad-signature',
    title: 'The callback signature does not match',
    status: 403,
    detail: 'Only Twilio may call this address: its X-Twilio-Signature did not match.',
  });

/** The form Twilio posts, once its signature over the site's address and the fields holds. */
function twilioForm(request: ApiRequest, context: ApiContext): Record<string, string> {
  if (!context.texts) throw problems.notFound('Texts are not set up on this site.');
  const params = Object.fromEntries(new URLSearchParams(request.rawBody?.toString('utf8') ?? ''));
  const query = request.query.toString();
  const url = `${context.siteUrl}/api${request.path}${query ? `?${query}` : ''}`;
  if (!signedByTwilio(context.texts, request.twilioSignature, url, params)) throw forbidden();
  return params;
}

/** Twilio answers a webhook with TwiML; an empty <Response> sends no reply of ours. */
const emptyTwiml = () => ({
  status: 200,
  headers: { 'content-type': 'text/xml; charset=utf-8' },
  body: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Response></Response>'),
});

/** POST /api/sms/status: Twilio's delivery callback marks the text delivered or failed. */
export const textStatusCallback = endpoint({
  auth: 'anyone',
  async run({ request, context }) {
    const form = twilioForm(request, context);
    const text = { id: request.query.get('message') ?? '', sid: form.MessageSid ?? '' };
    if (!/^[0-9a-f-]{36}$/i.test(text.id)) return noContent();
    const status = form.MessageStatus ?? '';
    if (status === 'failed' || status === 'undelivered') {
      const code = form.ErrorCode ? ` (Twilio error ${form.ErrorCode})` : '';
      await recordTextStatus(
        context.db,
        text,
        { failed: true, reason: `The text was ${status}${code}.` },
        context.now(),
      );
    } else if (status === 'delivered') {
      await recordTextStatus(context.db, text, { failed: false }, context.now());
    }
    return noContent();
  },
});

/** POST /api/sms/inbound: a text to the practice's number; STOP turns that number's texts off. */
export const inboundText = endpoint({
  auth: 'anyone',
  async run({ request, context }) {
    const form = twilioForm(request, context);
    const word = (form.Body ?? '').trim().toUpperCase();
    const phone = form.From ?? '';
    if (STOP_WORDS.has(word) && phone) await stopByReply(context.db, phone, context.now());
    return emptyTwiml();
  },
});
