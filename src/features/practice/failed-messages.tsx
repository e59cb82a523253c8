import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { FailedMessage } from '../../../shared/messages-api';
import { LoadFailed } from '../../components/layout/load-failed';
import { errorSentence } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useResource } from '../../lib/use-resource';
import { messageKindName } from './diary-layout';
import { fetchFailedMessages, retryMessage } from './practice-api';

const describe = (message: FailedMessage) =>
  message.kind === 'text-reminder'
    ? `The reminder text to ${message.to}`
    : `The ${messageKindName(message.kind)} email to ${message.to}`;

/** A notice when any email could not be delivered: who it was for, what it was, and Try again. */
export function FailedMessages() {
  const { state, reload } = useResource('failed-messages', fetchFailedMessages, {
    keepWhileReloading: true,
  });
  const [retrying, setRetrying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  if (state.status === 'loading') return null;
  if (state.status === 'failed') {
    return (
      <LoadFailed
        variant="warning"
        message={`We could not check for emails that failed to send. ${state.message}`}
        onRetry={reload}
      />
    );
  }
  const { messages } = state.data;
  if (messages.length === 0) return null;

  const retry = async (message: FailedMessage) => {
    setRetrying(message.id);
    setProblem(undefined);
    try {
      await retryMessage(message.id);
      void showToast(`${describe(message)} is being sent again.`);
      reload();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setRetrying(null);
    }
  };

  return (
    <section className="alert alert-warning failed-messages" aria-labelledby="failed-heading">
      <h2 id="failed-heading" className="h5">
        {messages.length === 1
          ? 'An email could not be sent'
          : `${messages.length} emails could not be sent`}
      </h2>
      <ul className="list-unstyled mb-0">
        {messages.map((message) => (
          <li key={message.id} className="failed-message">
            <span>
              {describe(message)} was not delivered
              {message.attempts > 1 ? ` after ${message.attempts} tries` : ''}.
            </span>
            <Button
              size="sm"
              variant="outline-dark"
              disabled={retrying !== null}
              aria-label={`Try again: ${describe(message).replace(/^The/, 'the')}`}
              onClick={() => void retry(message)}
            >
              {retrying === message.id ? 'Trying…' : 'Try again'}
            </Button>
          </li>
        ))}
      </ul>
      <div role="alert">{problem && <p className="mt-2 mb-0 fw-bold">{problem}</p>}</div>
    </section>
  );
}
