// A call joins its meet room through the realtime feature's signalling (src/shared/domain/call-signalling.ts), which is
// there only while the broadcast connection is open: the realtime code loads after the first screen
// (a call screen opened by a reload waits for it) and a lost connection is being restored.
import { currentCallSignalling, watchCallSignalling, type CallSignalling } from '../../../shared/domain/call-signalling.ts';

/** The signalling, now or as soon as it is provided; rejects when it is not there within `timeoutMs`. */
export function waitForSignalling(timeoutMs = 10_000): Promise<CallSignalling> {
  const now = currentCallSignalling();
  if (now) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const stop = watchCallSignalling((signalling) => {
      if (!signalling) return;
      clearTimeout(timer);
      stop();
      resolve(signalling);
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error('call signalling: the realtime connection is not available'));
    }, timeoutMs);
  });
}
