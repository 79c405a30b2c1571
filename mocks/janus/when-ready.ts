// `npm start`'s media server for the sandbox while Janus starts beside the app (scripts/start.ts): no
// Janus yet (or none at all), and each group call's createRoom fails with why, so the sandbox gives that
// call no media room and the app uses its peer-to-peer mesh (mocks/sandbox/chat/calls.ts logs it); once
// Janus is up (`use`), every group call started from then on gets a Janus room. A call started on the mesh
// stays on it to its end: the rest is only ever asked of a room this server created.
import type { CallMediaServer } from '../sandbox/chat/call-media.ts';

export interface LateMediaServer {
  /** What the sandbox is given, from the start. */
  server: CallMediaServer;
  /** Janus is up: later group calls use it. */
  use(server: CallMediaServer): void;
  /** Janus cannot run here: why, for the sandbox's log line of each group call. */
  unavailable(reason: string): void;
}

export function mediaServerWhenReady(): LateMediaServer {
  let current: CallMediaServer | undefined;
  let reason = 'Janus is still starting';
  return {
    use: (server) => void (current = server),
    unavailable: (why) => void (reason = `no Janus (${why})`),
    server: {
      createRoom: (description, members) => (current ? current.createRoom(description, members) : Promise.reject(new Error(reason))),
      destroyRoom: (room) => current?.destroyRoom(room) ?? Promise.resolve(false),
      admit: (room, userId) => current?.admit(room, userId) ?? Promise.resolve(),
      revoke: (room, userId) => current?.revoke(room, userId) ?? Promise.resolve(),
      mediaFor: (room, userId, now) => current?.mediaFor(room, userId, now),
      watchRoom: (room, onJoined) => current?.watchRoom(room, onJoined) ?? (() => undefined),
    },
  };
}
