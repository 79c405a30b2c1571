// Keeps the screen on while a call is up (Screen Wake Lock). The browser releases the lock when the
// page is hidden; it is asked for again when the page shows. Where there is no Wake Lock, nothing.
import { useEffect } from 'react';

export function useScreenAwake(active: boolean): void {
  useEffect(() => {
    const wakeLock = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | undefined;
    let done = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (lock) => {
          if (done) void lock.release();
          else sentinel = lock;
        },
        (error: unknown) => console.info('calls: the screen may sleep during the call', error),
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
