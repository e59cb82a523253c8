import { deliverDueMessages, type OutboxSettings } from './sender';

/**
 * Starts a delivery run when the API has written messages, without making the request wait for
 * the mail server. One run at a time; a kick during a run makes it go round once more.
 */
export function deliveryKick(settings: OutboxSettings, now: () => Date) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = async () => {
    do {
      again = false;
      try {
        await deliverDueMessages(settings, now);
      } catch (error) {
        console.error(
          'Outbox: a delivery run stopped:',
          error instanceof Error ? error.message : 'unknown error',
        );
      }
    } while (again);
    running = undefined;
  };
  return {
    deliver() {
      if (running) again = true;
      else running = run();
    },
    /** Resolves when no run is going (tests wait for it). */
    async idle() {
      while (running) await running;
    },
  };
}
