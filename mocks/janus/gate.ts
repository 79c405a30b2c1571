// The request filter before Janus that docs/calls.md asks of the backend: members (the app, and
// anyone holding a member's token) reach Janus's WebSocket API only through it, and the backend's own
// session talks to Janus directly. It passes every frame both ways as it is, except a VideoRoom
// request that lists what a room holds, which Janus 1.1 answers to any token holder: `listparticipants`
// and `listforwarders` pass only with the room's secret (which only the backend has), and `list` (every
// room) never does. The refusal is the VideoRoom's own (433, unauthorized), so a client reads it as any
// other refusal of the plugin.
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { JANUS_SUBPROTOCOL } from './client.ts';
import { UNAUTHORIZED } from './videoroom.ts';

export interface JanusGate {
  /** What members connect to, e.g. ws://127.0.0.1:41235. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const LISTINGS = new Set(['listparticipants', 'listforwarders', 'list']);

/** The answer a client gets instead of Janus's, when its frame asks for a listing without the room's secret; undefined: it passes. */
export function refusalOf(text: string, secretOf: (room: number) => string | undefined): Record<string, unknown> | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return undefined; // Janus answers what it cannot read itself.
  }
  if (!frame || typeof frame !== 'object') return undefined;
  const { janus, body, transaction, session_id, handle_id } = frame as Record<string, unknown>;
  if (janus !== 'message' || !body || typeof body !== 'object') return undefined;
  const { request, room, secret } = body as Record<string, unknown>;
  if (typeof request !== 'string' || !LISTINGS.has(request.toLowerCase())) return undefined;
  const expected = typeof room === 'number' && request !== 'list' ? secretOf(room) : undefined;
  if (expected !== undefined && secret === expected) return undefined;
  return {
    janus: 'success',
    session_id,
    transaction,
    sender: handle_id,
    plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'event', error_code: UNAUTHORIZED, error: "Unauthorized (a room's listing needs its secret)" } },
  };
}

/** Listens on 127.0.0.1:`port` (0: a free one) and relays each connection to `upstream` (Janus's own address). */
export async function startJanusGate({ upstream, port = 0, secretOf }: { upstream: string; port?: number; secretOf(room: number): string | undefined }): Promise<JanusGate> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port,
    handleProtocols: (protocols) => (protocols.has(JANUS_SUBPROTOCOL) ? JANUS_SUBPROTOCOL : false),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.on('connection', (client) => {
    const janus = new WebSocket(upstream, JANUS_SUBPROTOCOL);
    const waiting: string[] = [];
    const toJanus = (text: string) => (janus.readyState === WebSocket.OPEN ? janus.send(text) : waiting.push(text));
    janus.on('open', () => {
      for (const text of waiting.splice(0)) janus.send(text);
    });
    janus.on('message', (data: RawData) => client.readyState === WebSocket.OPEN && client.send(data.toString()));
    client.on('message', (data: RawData) => {
      const text = data.toString();
      const refusal = refusalOf(text, secretOf);
      if (refusal) client.send(JSON.stringify(refusal));
      else toJanus(text);
    });
    const closeBoth = () => {
      client.close();
      janus.close();
    };
    client.on('close', closeBoth);
    janus.on('close', closeBoth);
    client.on('error', closeBoth);
    janus.on('error', closeBoth);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
