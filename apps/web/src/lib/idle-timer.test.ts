import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_CHANNEL, startIdleTimer, type IdleTimer } from './idle-timer';

const MINUTE = 60_000;

function track() {
  const events: string[] = [];
  const timer = startIdleTimer({
    idleMs: 15 * MINUTE,
    warningMs: MINUTE,
    onWarning: (deadline) => events.push(`warning until ${deadline - Date.now()}`),
    onActive: () => events.push('active'),
    onIdle: () => events.push('idle'),
    onActivity: (source, sessionId) => events.push(`${source} activity ${sessionId ?? '-'}`),
    sessionId: 'session-a',
  });
  return { events, timer };
}

describe('idle timer', () => {
  let timer: IdleTimer | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    timer?.stop();
    vi.useRealTimers();
  });

  it('warns a minute before the idle period ends, then reports idle', () => {
    const tracked = track();
    timer = tracked.timer;
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(tracked.events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(tracked.events).toEqual([`warning until ${MINUTE}`]);
    vi.advanceTimersByTime(MINUTE);
    expect(tracked.events).toEqual([`warning until ${MINUTE}`, 'idle']);
  });

  it('pointer and key activity move the deadline', () => {
    const tracked = track();
    timer = tracked.timer;
    vi.advanceTimersByTime(10 * MINUTE);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(10 * MINUTE);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(13 * MINUTE);
    expect(tracked.events).toEqual(['local activity session-a', 'local activity session-a']);
    vi.advanceTimersByTime(2 * MINUTE);
    expect(tracked.events.at(-1)).toBe('idle');
  });

  it('once the warning shows, moving the mouse does not dismiss it; Stay signed in does', () => {
    const tracked = track();
    timer = tracked.timer;
    vi.advanceTimersByTime(14 * MINUTE + 10_000);
    window.dispatchEvent(new Event('pointermove'));
    expect(tracked.events).toEqual([`warning until ${MINUTE}`]);
    tracked.timer.staySignedIn();
    expect(tracked.events.slice(1)).toEqual(['active', 'local activity session-a']);
    vi.advanceTimersByTime(14 * MINUTE);
    expect(tracked.events.at(-1)).toBe(`warning until ${MINUTE}`);
  });

  it('a laptop that slept past the deadline is signed out on waking, not given more time', () => {
    const tracked = track();
    timer = tracked.timer;
    // The clock jumps while no timer could run; the first event after waking finds it late.
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(tracked.events).toEqual(['idle']);
    window.dispatchEvent(new Event('pointerdown'));
    expect(tracked.events).toEqual(['idle']);
  });

  it('activity in another tab counts, and ends a warning shown here', async () => {
    const tracked = track();
    timer = tracked.timer;
    const otherTab = new BroadcastChannel(ACTIVITY_CHANNEL);
    try {
      vi.advanceTimersByTime(14 * MINUTE + 30_000);
      expect(tracked.events).toEqual([`warning until ${MINUTE}`]);
      otherTab.postMessage({ type: 'activity', at: Date.now(), sessionId: 'session-b' });
      await vi.waitFor(() => expect(tracked.events).toContain('remote activity session-b'));
      expect(tracked.events).toContain('active');
      vi.advanceTimersByTime(14 * MINUTE - 1);
      expect(tracked.events.filter((event) => event === 'idle')).toEqual([]);
    } finally {
      otherTab.close();
    }
  });

  it('tells the other tabs about activity here, at most every few seconds', async () => {
    const tracked = track();
    timer = tracked.timer;
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(ACTIVITY_CHANNEL);
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    try {
      const at = Date.now();
      window.dispatchEvent(new Event('pointerdown'));
      window.dispatchEvent(new Event('pointerdown'));
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]).toEqual({ type: 'activity', at, sessionId: 'session-a' });
      vi.advanceTimersByTime(5_000);
      window.dispatchEvent(new Event('keydown'));
      await vi.waitFor(() => expect(heard).toHaveLength(2));
    } finally {
      otherTab.close();
    }
  });

  it('stops listening once stopped', () => {
    const tracked = track();
    tracked.timer.stop();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(30 * MINUTE);
    expect(tracked.events).toEqual([]);
  });
});
