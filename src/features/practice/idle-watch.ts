import { IDLE_RULES } from '../../../shared/idle-sign-out';

const MINUTE_MS = 60_000;
const SIGN_OUT_AFTER_MS = IDLE_RULES.signOutMinutes * MINUTE_MS;
const WARN_AFTER_MS = (IDLE_RULES.signOutMinutes - IDLE_RULES.warnMinutesBefore) * MINUTE_MS;
/** How often idleness is measured; a tab asleep (a closed laptop) catches up at its next tick. */
const TICK_MS = 1000;
/** What she does that counts as use of the page. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * What the practice tabs of one browser tell each other. Input carries its own time: a message
 * handled late (a busy or background tab) must not make her input later than it was.
 */
type TabMessage = { type: 'active'; at: number } | { type: 'signed-out' };

/** The part of a BroadcastChannel the watch uses (tests hand in their own). */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export const PRACTICE_TABS_CHANNEL = 'practice-idle';

const openChannel = (): TabChannel | undefined =>
  typeof BroadcastChannel === 'undefined'
    ? undefined
    : (new BroadcastChannel(PRACTICE_TABS_CHANNEL) as unknown as TabChannel);

export interface IdleWatch {
  /** "Stay signed in": she is here; every tab starts counting again. */
  stay(): void;
  stop(): void;
}

/**
 * Watches for her input on the page (only real input events: a clock a test moves by hours
 * fires no idle sign-out) and tells every practice tab of this browser about it, so input in
 * one tab keeps all of them alive. After `warn` minutes without input anywhere the tab warns;
 * once the warning shows only "Stay signed in" (here or in another tab) takes it back. At the
 * limit it signs out, and tells the other tabs to sign out too.
 */
export function watchIdle(options: {
  onWarn: () => void;
  onActive: () => void;
  onSignOut: () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  channel?: TabChannel;
}): IdleWatch {
  const target = options.target ?? window;
  const channel = 'channel' in options ? options.channel : openChannel();
  let lastInput = Date.now();
  let lastTold = 0;
  let state: 'active' | 'warning' | 'signed-out' = 'active';

  const resume = (at = Date.now()) => {
    lastInput = Math.max(lastInput, at);
    if (state === 'warning') {
      state = 'active';
      options.onActive();
    }
  };
  const signOut = () => {
    if (state === 'signed-out') return;
    state = 'signed-out';
    stop();
    options.onSignOut();
  };
  const onInput = () => {
    // The warning asks for "Stay signed in": a hand moving towards it does not dismiss it.
    if (state !== 'active') return;
    lastInput = Date.now();
    if (lastInput - lastTold >= TICK_MS) {
      lastTold = lastInput;
      channel?.postMessage({ type: 'active', at: lastInput });
    }
  };
  const tick = () => {
    const idle = Date.now() - lastInput;
    if (idle >= SIGN_OUT_AFTER_MS) {
      channel?.postMessage({ type: 'signed-out' });
      signOut();
    } else if (idle >= WARN_AFTER_MS && state === 'active') {
      state = 'warning';
      options.onWarn();
    }
  };

  for (const type of INPUT_EVENTS)
    target.addEventListener(type, onInput, { capture: true, passive: true });
  if (channel) {
    channel.onmessage = ({ data }) => {
      const message = data as Partial<TabMessage> | null;
      if (message?.type === 'signed-out') signOut();
      else if (message?.type === 'active' && state !== 'signed-out')
        resume(typeof message.at === 'number' ? message.at : Date.now());
    };
  }
  const timer = setInterval(tick, TICK_MS);

  function stop() {
    clearInterval(timer);
    for (const type of INPUT_EVENTS) target.removeEventListener(type, onInput, { capture: true });
    if (channel) {
      channel.onmessage = null;
      channel.close();
    }
  }

  return {
    stay() {
      if (state === 'signed-out') return;
      resume();
      lastTold = lastInput;
      channel?.postMessage({ type: 'active', at: lastInput });
    },
    stop,
  };
}
