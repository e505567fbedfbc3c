/**
 * Tracks whether the person at the portal is still there (ADR 0013 'idle logoff'). Pointer, key,
 * wheel, touch and the tab becoming visible count as activity, in this tab and in every other
 * tab of the portal (told through a BroadcastChannel, or a storage event where there is none).
 * Time is read from the clock on every check rather than counted by timers, so a laptop that
 * slept through the deadline is signed out when it wakes instead of being given more time.
 */

export type ActivitySource = 'local' | 'remote';

export type IdleTimerOptions = {
  /** How long without activity before onIdle. */
  idleMs: number;
  /** How long before onIdle the warning starts. */
  warningMs: number;
  /** The warning starts; `deadline` is when onIdle will be called (ms since the epoch). */
  onWarning: (deadline: number) => void;
  /** Activity ended the warning before the deadline. */
  onActive: () => void;
  /** The idle period passed without activity; the timer has stopped. */
  onIdle: () => void;
  /** Any activity that counted, with the session id the other tab reported, if any. */
  onActivity?: (source: ActivitySource, sessionId: string | null) => void;
  /** Sent to the other tabs with this tab's activity (they renew only their own session). */
  sessionId?: string | null;
};

export type IdleTimer = {
  /** The 'Stay signed in' answer to the warning. */
  staySignedIn: () => void;
  stop: () => void;
};

export const ACTIVITY_CHANNEL = 'recovery-portal-activity';
/** Other tabs hear about activity at most this often; it only moves a deadline minutes away. */
const BROADCAST_INTERVAL_MS = 5_000;
const LOCAL_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

type ActivityMessage = { type: 'activity'; at: number; sessionId: string | null };

function isActivityMessage(value: unknown): value is ActivityMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<ActivityMessage>;
  return message.type === 'activity' && typeof message.at === 'number';
}

/** The other tabs: a BroadcastChannel, or localStorage's storage event as a fallback. */
function openChannel(onMessage: (message: ActivityMessage) => void) {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(ACTIVITY_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (isActivityMessage(event.data)) onMessage(event.data);
    };
    return {
      post: (message: ActivityMessage) => channel.postMessage(message),
      close: () => channel.close(),
    };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ACTIVITY_CHANNEL || !event.newValue) return;
    try {
      const message: unknown = JSON.parse(event.newValue);
      if (isActivityMessage(message)) onMessage(message);
    } catch {
      // Another program's value under our key: not a message.
    }
  };
  window.addEventListener('storage', onStorage);
  return {
    post: (message: ActivityMessage) => {
      try {
        window.localStorage.setItem(ACTIVITY_CHANNEL, JSON.stringify(message));
      } catch {
        // Storage blocked: the other tabs keep their own timers.
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}

export function startIdleTimer(options: IdleTimerOptions): IdleTimer {
  const { idleMs, warningMs } = options;
  let lastActivity = Date.now();
  let lastBroadcast = 0;
  let warning = false;
  let stopped = false;
  let timer: number | undefined;

  const schedule = (at: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(check, Math.max(0, at - Date.now()));
  };

  function stop() {
    if (stopped) return;
    stopped = true;
    window.clearTimeout(timer);
    for (const name of LOCAL_EVENTS) window.removeEventListener(name, onLocalEvent, true);
    document.removeEventListener('visibilitychange', onVisibility);
    channel.close();
  }

  /** Compares the clock with the last activity and moves to the state it calls for. */
  function check(): boolean {
    if (stopped) return false;
    const deadline = lastActivity + idleMs;
    const now = Date.now();
    if (now >= deadline) {
      stop();
      options.onIdle();
      return false;
    }
    if (now >= deadline - warningMs) {
      if (!warning) {
        warning = true;
        options.onWarning(deadline);
      }
      schedule(deadline);
    } else {
      if (warning) {
        warning = false;
        options.onActive();
      }
      schedule(deadline - warningMs);
    }
    return true;
  }

  function recordActivity(at: number, source: ActivitySource, sessionId: string | null) {
    // Activity after the deadline comes too late: the session has already timed out.
    if (!check() || at <= lastActivity) return;
    lastActivity = at;
    check();
    options.onActivity?.(source, sessionId);
  }

  function localActivity(force: boolean) {
    // Once the warning shows, only an answer to it (or activity elsewhere) keeps the session:
    // moving the mouse towards its buttons must not close it under the pointer.
    if (warning && !force) {
      check();
      return;
    }
    const now = Date.now();
    const ownSession = options.sessionId ?? null;
    recordActivity(now, 'local', ownSession);
    if (stopped) return;
    if (force || now - lastBroadcast >= BROADCAST_INTERVAL_MS) {
      lastBroadcast = now;
      channel.post({ type: 'activity', at: now, sessionId: ownSession });
    }
  }

  function onLocalEvent() {
    localActivity(false);
  }

  function onVisibility() {
    if (document.visibilityState === 'visible') localActivity(false);
  }

  const channel = openChannel((message) =>
    recordActivity(Math.min(message.at, Date.now()), 'remote', message.sessionId),
  );
  for (const name of LOCAL_EVENTS) {
    window.addEventListener(name, onLocalEvent, { capture: true, passive: true });
  }
  document.addEventListener('visibilitychange', onVisibility);
  schedule(lastActivity + idleMs - warningMs);

  return { staySignedIn: () => localActivity(true), stop };
}
