import * as v from 'valibot';
import type { FailedMessage } from '../../../shared/messages-api';
import { failedMessages, retryFailedMessage } from '../outbox';
import { endpoint } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';

/** GET /api/practice/messages?status=failed: the emails that could not be delivered. */
export const listMessages = endpoint({
  auth: 'practitioner',
  query: v.object({
    status: v.picklist(['failed'], 'Ask for the failed messages: ?status=failed.'),
  }),
  async run({ context }) {
    const messages: FailedMessage[] = await failedMessages(context.db);
    return json(200, { messages });
  },
});

/** POST /api/practice/messages/:id/retry: a failed email goes out again now. */
export const retryMessage = endpoint({
  auth: 'practitioner',
  async run({ params, context }) {
    const id = pathId(params.id, 'failed message');
    const message = await retryFailedMessage(context.db, id, context.now());
    if (!message) {
      throw problems.notFound(
        'There is no failed message with that id: it may have been sent already. Reload the diary.',
      );
    }
    context.outbox.deliver();
    return json(200, { message });
  },
});
