// The backend's ear on Janus (issue 33): an HTTP listener on 127.0.0.1 that Janus's sample event handler
// (libjanus_sampleevh, config.ts) POSTs the plugins' events to. Only the VideoRoom's `joined` matters
// here: Janus 1.1.2 reports each publisher that joins a room with its `id` and, in a room with an ACL,
// the `token` it joined with (janus_videoroom.c, "Also notify event handlers"), which is how the
// backend tells an impostor (a member's token with an id that is not the member's) and who answered a
// call, without believing anything a member's app wrote in its display.
//
// The listener is the mocks' own: its own free port on loopback (never behind the app's address), and a
// random path, so another local process cannot feed it events without reading Janus's configuration.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A VideoRoom publisher joined a room (the event handler's plugin event, type 64). */
export interface PublisherJoined {
  room: number;
  /** Its publisher id in the room. */
  id: number;
  /** The ACL token it joined with (rooms with `allowed` only). */
  token: string | undefined;
}

export interface JanusEvents {
  /** Where Janus POSTs (config.ts's eventsBackend). */
  readonly url: string;
  /** Hears every publisher joining any room; returns the way to stop. */
  onJoined(listener: (event: PublisherJoined) => void): () => void;
  close(): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Janus's plugin events (JANUS_EVENT_TYPE_PLUGIN). */
const PLUGIN_EVENT = 64;
const MAX_BODY = 1_000_000;

/** The `joined` events in one POST (one event, or an array of them when Janus groups them). */
export function joinedEventsOf(body: unknown): PublisherJoined[] {
  const events = Array.isArray(body) ? body : [body];
  return events.flatMap((event) => {
    if (!isRecord(event) || event.type !== PLUGIN_EVENT || !isRecord(event.event)) return [];
    const { plugin, data } = event.event;
    if (plugin !== 'janus.plugin.videoroom' || !isRecord(data) || data.event !== 'joined') return [];
    const { room, id, token } = data;
    if (typeof room !== 'number' || typeof id !== 'number') return [];
    return [{ room, id, token: typeof token === 'string' ? token : undefined }];
  });
}

export async function listenForJanusEvents(): Promise<JanusEvents> {
  const path = `/janus-events/${randomBytes(18).toString('base64url')}`;
  const listeners = new Set<(event: PublisherJoined) => void>();
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== path) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      // Janus retries a POST that fails: it is answered at once, whatever it holds.
      response.writeHead(200).end();
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return;
      }
      for (const event of joinedEventsOf(body)) {
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (error) {
            console.warn('janus events: a listener failed', error);
          }
        }
      }
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    onJoined(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () =>
      new Promise((resolveClose) => {
        listeners.clear();
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
