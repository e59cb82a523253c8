import { IDLE_RULES } from '../../../shared/idle-sign-out';
import { type TabChannel, watchIdle } from './idle-watch';

const MINUTE = 60_000;

/** Two tabs' channels, joined as BroadcastChannel joins the tabs of one browser. */
function joinedChannels(count: number): TabChannel[] {
  const channels: TabChannel[] = [];
  for (let index = 0; index < count; index += 1) {
    channels.push({
      onmessage: null,
      postMessage(message) {
        for (const other of channels) if (other !== this) other.onmessage?.({ data: message });
      },
      close() {},
    });
  }
  return channels;
}

function tab(channel: TabChannel) {
  const target = new EventTarget();
  const seen = { warned: 0, active: 0, signedOut: 0 };
  const watch = watchIdle({
    target: target as unknown as Window,
    channel,
    onWarn: () => (seen.warned += 1),
    onActive: () => (seen.active += 1),
    onSignOut: () => (seen.signedOut += 1),
  });
  return { seen, watch, input: () => target.dispatchEvent(new Event('keydown')) };
}

describe('the practice pages idle sign-out', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2027-03-01T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('warns two minutes before thirty minutes without input, then signs out at thirty', () => {
    expect(IDLE_RULES).toEqual({ signOutMinutes: 30, warnMinutesBefore: 2 });
    const [channel] = joinedChannels(1);
    const one = tab(channel!);
    vi.advanceTimersByTime(28 * MINUTE - 1000);
    expect(one.seen.warned).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(one.seen.warned).toBe(1);
    vi.advanceTimersByTime(2 * MINUTE - 1000);
    expect(one.seen.signedOut).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(one.seen.signedOut).toBe(1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(one.seen.signedOut).toBe(1);
  });

  it('counts from her last input, and once warned only "Stay signed in" keeps her in', () => {
    const [channel] = joinedChannels(1);
    const one = tab(channel!);
    vi.advanceTimersByTime(20 * MINUTE);
    one.input();
    vi.advanceTimersByTime(27 * MINUTE);
    expect(one.seen.warned).toBe(0);
    vi.advanceTimersByTime(1 * MINUTE);
    expect(one.seen.warned).toBe(1);
    // A pointer moving towards the button is not an answer.
    one.input();
    vi.advanceTimersByTime(1 * MINUTE);
    one.watch.stay();
    expect(one.seen.active).toBe(1);
    vi.advanceTimersByTime(27 * MINUTE);
    expect(one.seen.signedOut).toBe(0);
    expect(one.seen.warned).toBe(1);
  });

  it('keeps every tab alive on input in one, and signs out all of them at once', () => {
    const [first, second] = joinedChannels(2);
    const reading = tab(first!);
    const writing = tab(second!);
    vi.advanceTimersByTime(25 * MINUTE);
    writing.input();
    vi.advanceTimersByTime(25 * MINUTE);
    expect(reading.seen.warned).toBe(0);
    expect(writing.seen.warned).toBe(0);
    vi.advanceTimersByTime(3 * MINUTE);
    expect(reading.seen.warned).toBe(1);
    expect(writing.seen.warned).toBe(1);
    // "Stay signed in" in one tab takes back the warning in both.
    reading.watch.stay();
    expect(writing.seen.active).toBe(1);
    expect(reading.seen.active).toBe(1);
    vi.advanceTimersByTime(30 * MINUTE);
    expect(reading.seen.signedOut).toBe(1);
    expect(writing.seen.signedOut).toBe(1);
  });

  it('signs out every tab when one is told to sign out (its clock ran ahead)', () => {
    const [first, second] = joinedChannels(2);
    const one = tab(first!);
    const other = tab(second!);
    first!.postMessage({ type: 'signed-out' });
    expect(other.seen.signedOut).toBe(1);
    expect(one.seen.signedOut).toBe(0);
  });

  it('stops listening when stopped', () => {
    const [channel] = joinedChannels(1);
    const one = tab(channel!);
    one.watch.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(one.seen).toEqual({ warned: 0, active: 0, signedOut: 0 });
  });

  it('counts input in another tab from when it happened, though its message is handled late', () => {
    const [channel] = joinedChannels(1);
    const here = tab(channel!);
    const inputElsewhere = Date.now() + 5 * MINUTE;
    // Input in another tab at 5 minutes; this busy tab handles its message at 15.
    vi.advanceTimersByTime(15 * MINUTE);
    channel!.onmessage?.({ data: { type: 'active', at: inputElsewhere } });
    vi.advanceTimersByTime(20 * MINUTE - 1000);
    expect(here.seen.signedOut).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(here.seen.signedOut).toBe(1);
  });
});
