// Janus's WebSocket API (the `janus-protocol` subprotocol), the part a VideoRoom client needs: one
// session on one socket, plugin handles attached to it, requests matched to their answers by
// transaction, the plugin's unsolicited events routed to their handle, and the keep-alive that stops
// Janus from reclaiming an idle session (its session_timeout is 60 s by default; janus.js pings every
// 25 s). Written against Janus 1.1's documented API (janus.c, plugins/janus_videoroom.c) rather than
// janus.js, which brings its own adapter and DOM helpers into the bundle.

/** An SDP offer or answer, as Janus carries it. */
export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}

/** A plugin's answer or event: its data, and the SDP that came with it. */
export interface PluginMessage {
  data: Record<string, unknown>;
  jsep: Jsep | undefined;
}

/** Janus refused a request (a core error, or the plugin's `error_code`). */
export class JanusError extends Error {
  readonly code: number | undefined;
  constructor(code: number | undefined, reason: string) {
    super(`Janus: ${reason}${code === undefined ? '' : ` (${code})`}`);
    this.name = 'JanusError';
    this.code = code;
  }
}

/** What the socket must do (the browser's WebSocket; a test's double). */
export interface JanusSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface JanusHandle {
  readonly id: number;
  /**
   * A plugin request. Synchronous requests answer at once; asynchronous ones (join, configure, start,
   * update…) answer with the event that carries the same transaction. Rejects with JanusError.
   */
  request(body: Record<string, unknown>, jsep?: Jsep): Promise<PluginMessage>;
  /** Sends one ICE candidate (null: gathering is complete). */
  trickle(candidate: RTCIceCandidateInit | null): void;
  /** The plugin's events that answer no request of ours (someone joined, talked, left), and SDP offers it starts. */
  onEvent(listener: (message: PluginMessage) => void): void;
  /** Core events about this handle's PeerConnection: webrtcup, hangup, media, slowlink. */
  onCoreEvent(listener: (event: { janus: string; [key: string]: unknown }) => void): void;
  detach(): void;
}

export interface JanusSession {
  attach(plugin: string): Promise<JanusHandle>;
  /** Told once when the socket closes or the session is lost, unless destroy() came first. */
  onLost(listener: (reason: string) => void): void;
  /** Ends the session and closes the socket. Idempotent. */
  destroy(): void;
}

export interface JanusConnectOptions {
  url: string;
  /**
   * The Janus API token every request carries: a fixed one, or asked for each request (the call's
   * answers renew a short-lived token while the call goes on, issue 33: keepalives included, every
   * request then carries the newest).
   */
  token: string | undefined | (() => string | undefined);
  /** Default: the browser's WebSocket. */
  createSocket?: (url: string, protocol: string) => JanusSocket;
  keepAliveMs?: number;
  /** How long a request may wait for its answer. */
  timeoutMs?: number;
}

const OPEN = 1;

interface Pending {
  resolve(message: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
  /** Asynchronous plugin requests: an `ack` is not yet the answer. */
  waitsForEvent: boolean;
}

/** Unique across every connection of the page (Janus matches answers by it within a session). */
const transactionId = () => crypto.randomUUID();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function errorOf(message: Record<string, unknown>): JanusError | undefined {
  if (message.janus === 'error' && isRecord(message.error)) {
    return new JanusError(typeof message.error.code === 'number' ? message.error.code : undefined, String(message.error.reason ?? 'error'));
  }
  const data = pluginData(message);
  if (data && (data.error_code !== undefined || data.error !== undefined)) {
    return new JanusError(typeof data.error_code === 'number' ? data.error_code : undefined, String(data.error ?? 'plugin error'));
  }
  return undefined;
}

function pluginData(message: Record<string, unknown>): Record<string, unknown> | undefined {
  const plugindata = message.plugindata;
  return isRecord(plugindata) && isRecord(plugindata.data) ? plugindata.data : undefined;
}

function jsepOf(message: Record<string, unknown>): Jsep | undefined {
  const jsep = message.jsep;
  return isRecord(jsep) && (jsep.type === 'offer' || jsep.type === 'answer') && typeof jsep.sdp === 'string' ? { type: jsep.type, sdp: jsep.sdp } : undefined;
}

/** Opens the socket and creates a session on it. Rejects when the server cannot be reached or refuses the token. */
export async function connectJanus(options: JanusConnectOptions): Promise<JanusSession> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const socket = (options.createSocket ?? ((url, protocol) => new WebSocket(url, protocol) as unknown as JanusSocket))(options.url, 'janus-protocol');
  const pending = new Map<string, Pending>();
  const handles = new Map<number, { events: ((message: PluginMessage) => void)[]; core: ((event: { janus: string }) => void)[] }>();
  const lostListeners: ((reason: string) => void)[] = [];
  let sessionId: number | undefined = undefined;
  let ended = false;
  let keepAlive: ReturnType<typeof setInterval> | undefined = undefined;

  const fail = (reason: string) => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    for (const request of pending.values()) {
      clearTimeout(request.timer);
      request.reject(new JanusError(undefined, reason));
    }
    pending.clear();
    try {
      socket.close();
    } catch {
      // Already closed.
    }
    for (const listener of lostListeners) listener(reason);
  };

  const send = (message: Record<string, unknown>, waitsForEvent = false): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      if (ended || socket.readyState !== OPEN) {
        reject(new JanusError(undefined, 'the connection to the media server is closed'));
        return;
      }
      const transaction = transactionId();
      const timer = setTimeout(() => {
        pending.delete(transaction);
        reject(new JanusError(undefined, `no answer to ${String(message.janus)} within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(transaction, { resolve, reject, timer, waitsForEvent });
      const envelope: Record<string, unknown> = { ...message, transaction };
      const token = typeof options.token === 'function' ? options.token() : options.token;
      if (token) envelope.token = token;
      if (sessionId !== undefined && message.janus !== 'create') envelope.session_id = sessionId;
      socket.send(JSON.stringify(envelope));
    });

  const onMessage = (event: { data: unknown }) => {
    let message: unknown;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (!isRecord(message)) return;
    const transaction = typeof message.transaction === 'string' ? message.transaction : undefined;
    const request = transaction === undefined ? undefined : pending.get(transaction);
    if (request) {
      if (message.janus === 'ack' && request.waitsForEvent) return;
      pending.delete(transaction!);
      clearTimeout(request.timer);
      const error = errorOf(message);
      if (error) request.reject(error);
      else request.resolve(message);
      return;
    }
    if (message.janus === 'timeout' || (message.janus === 'error' && transaction === undefined)) {
      fail('the media server ended the session');
      return;
    }
    const sender = typeof message.sender === 'number' ? message.sender : undefined;
    const handle = sender === undefined ? undefined : handles.get(sender);
    if (!handle) return;
    if (message.janus === 'event') {
      const data = pluginData(message);
      if (data) for (const listener of handle.events) listener({ data, jsep: jsepOf(message) });
      return;
    }
    for (const listener of handle.core) listener(message as { janus: string });
  };

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new JanusError(undefined, 'the media server did not answer')), timeoutMs);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new JanusError(undefined, 'the media server cannot be reached'));
    });
    socket.addEventListener('close', () => {
      clearTimeout(timer);
      reject(new JanusError(undefined, 'the media server closed the connection'));
      fail('the connection to the media server closed');
    });
    socket.addEventListener('message', onMessage);
  }).catch((error: unknown) => {
    fail('could not connect');
    throw error;
  });

  const created = await send({ janus: 'create' }).catch((error: unknown) => {
    fail('could not create a session');
    throw error;
  });
  const data = created.data;
  sessionId = isRecord(data) && typeof data.id === 'number' ? data.id : undefined;
  if (sessionId === undefined) {
    fail('no session');
    throw new JanusError(undefined, 'the media server gave no session');
  }
  keepAlive = setInterval(() => void send({ janus: 'keepalive' }).catch(() => undefined), options.keepAliveMs ?? 25_000);

  return {
    async attach(plugin) {
      const attached = await send({ janus: 'attach', plugin });
      const handleId = isRecord(attached.data) && typeof attached.data.id === 'number' ? attached.data.id : undefined;
      if (handleId === undefined) throw new JanusError(undefined, 'the media server gave no handle');
      const listeners = { events: [] as ((message: PluginMessage) => void)[], core: [] as ((event: { janus: string }) => void)[] };
      handles.set(handleId, listeners);
      return {
        id: handleId,
        async request(body, jsep) {
          const answer = await send({ janus: 'message', handle_id: handleId, body, ...(jsep ? { jsep } : {}) }, true);
          return { data: pluginData(answer) ?? {}, jsep: jsepOf(answer) };
        },
        trickle(candidate) {
          void send({ janus: 'trickle', handle_id: handleId, candidate: candidate ?? { completed: true } }).catch(() => undefined);
        },
        onEvent(listener) {
          listeners.events.push(listener);
        },
        onCoreEvent(listener) {
          listeners.core.push(listener as (event: { janus: string }) => void);
        },
        detach() {
          if (!handles.delete(handleId)) return;
          void send({ janus: 'detach', handle_id: handleId }).catch(() => undefined);
        },
      };
    },
    onLost(listener) {
      lostListeners.push(listener);
    },
    destroy() {
      if (ended) return;
      const closeSocket = () => {
        ended = true;
        clearInterval(keepAlive);
        for (const request of pending.values()) clearTimeout(request.timer);
        pending.clear();
        try {
          socket.close();
        } catch {
          // Already closed.
        }
      };
      // Say goodbye first, so Janus frees the session at once rather than after its timeout.
      send({ janus: 'destroy' }).then(closeSocket, closeSocket);
      lostListeners.length = 0;
    },
  };
}
