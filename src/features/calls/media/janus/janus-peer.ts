// The peer connection of one plugin handle (our camera, our screen, the subscription): ICE candidates go
// both ways over the handle, as Janus trickles them, and one bundle carries every m-line.
import type { JanusCallContext } from './janus-context.ts';
import type { JanusHandle } from './janus-connection.ts';
import { isRecord } from './feeds.ts';

export function openPeer(ctx: Pick<JanusCallContext, 'createPeer' | 'iceServers'>, handle: JanusHandle): RTCPeerConnection {
  const pc = ctx.createPeer({ iceServers: ctx.iceServers, bundlePolicy: 'max-bundle' });
  pc.addEventListener('icecandidate', (event) => handle.trickle(event.candidate ? event.candidate.toJSON() : null));
  handle.onCoreEvent((event) => {
    if (event.janus !== 'trickle' || !isRecord(event.candidate)) return;
    const candidate = event.candidate;
    // A candidate that comes too late or is malformed costs one path, not the call.
    if (candidate.completed === true) void pc.addIceCandidate().catch(() => undefined);
    else void pc.addIceCandidate(candidate as RTCIceCandidateInit).catch(() => undefined);
  });
  return pc;
}

/** Resolves once the connection is up (or has failed, or closed), or after `timeoutMs` whatever it is. */
export function settled(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  const done = () => ['connected', 'failed', 'closed'].includes(pc.connectionState);
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', check);
      resolve();
    };
    const check = () => {
      if (done()) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    pc.addEventListener('connectionstatechange', check);
  });
}
