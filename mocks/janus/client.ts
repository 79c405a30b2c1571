// A small Janus API client over its websocket transport (subprotocol `janus-protocol`), for Node: the
// sandbox's backend side (creating and destroying VideoRoom rooms) and the tests. The browser client
// is the app's own (src/features/calls/media/janus/).
//
// The Janus API in short (Janus 1.1.2, src/janus.c): every request carries a `transaction` the answer
// repeats and, with token_auth, the `token`; `create` opens a session, `attach` a handle to a plugin
// on it, `message` sends the plugin a `body`. A plugin answers a synchronous request (create,
// destroy, exists…) with `success` and its `plugindata`, an asynchronous one (join…) with `ack` and
// later an `event` carrying the same transaction. A session nobody speaks on for session_timeout
// seconds is dropped (`timeout`), so an idle one needs a `keepalive` now and then.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

export const JANUS_SUBPROTOCOL = 'janus-protocol';
const REQUEST_TIMEOUT_MS = 10_000;

/** A refusal, from Janus (`error`: 403 unauthorized, 405 plugin not allowed, 458 no such session…) or from the plugin (`error_code`: 426 no such room, 433 unauthorized…). */
export class JanusError extends Error {
  readonly code: number;
  constructor(code: number, reason: string) {
    super(`Janus ${code}: ${reason}`);
    this.name = 'JanusError';
    this.code = code;
  }
}

type Json = Record<string, unknown>;

export interface PluginAnswer {
  /** plugindata.data: e.g. `{ videoroom: 'created', room }`. */
  data: Json;
  jsep?: Json;
}

interface Pending {
  resolve(message: Json): void;
  reject(error: Error): void;
  /** Resolve on `ack` (keepalive) instead of waiting for the success or event after it. */
  ackIsAnswer: boolean;
  timer: NodeJS.Timeout;
}

const transactionId = () => randomBytes(9).toString('base64url');

function pluginAnswer(message: Json): PluginAnswer {
  const plugindata = message.plugindata as { data?: Json } | undefined;
  const data = plugindata?.data ?? {};
  if (typeof data.error_code === 'number') throw new JanusError(data.error_code, String(data.error ?? 'plugin error'));
  return { data, ...(message.jsep ? { jsep: message.jsep as Json } : {}) };
}

/** One websocket to Janus, with the requests under way on it. */
export class JanusConnection {
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<(message: Json) => void>();
  private closedError: Error | undefined;
  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (raw) => this.receive(raw.toString()));
    socket.on('close', () => this.fail(new Error('the connection to Janus closed')));
    socket.on('error', (error) => this.fail(error));
  }

  static open(url: string, timeoutMs = REQUEST_TIMEOUT_MS): Promise<JanusConnection> {
    return new Promise((resolveOpen, rejectOpen) => {
      const socket = new WebSocket(url, JANUS_SUBPROTOCOL, { handshakeTimeout: timeoutMs });
      socket.once('open', () => resolveOpen(new JanusConnection(socket)));
      socket.once('error', rejectOpen);
    });
  }

  get closed(): boolean {
    return this.closedError !== undefined;
  }

  /** Messages no request waits for (events of a handle, `timeout`, `hangup`…). */
  onMessage(listener: (message: Json) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends a request (a transaction is added) and resolves with Janus's answer; an `error` rejects. */
  request(message: Json, { ackIsAnswer = false, timeoutMs = REQUEST_TIMEOUT_MS } = {}): Promise<Json> {
    if (this.closedError) return Promise.reject(this.closedError);
    const transaction = transactionId();
    return new Promise((resolveRequest, rejectRequest) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        rejectRequest(new Error(`Janus did not answer ${String(message.janus)} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(transaction, { resolve: resolveRequest, reject: rejectRequest, ackIsAnswer, timer });
      this.socket.send(JSON.stringify({ ...message, transaction }));
    });
  }

  close(): void {
    this.fail(new Error('closed'));
    this.socket.close();
  }

  private receive(text: string): void {
    let message: Json;
    try {
      message = JSON.parse(text) as Json;
    } catch {
      return;
    }
    const transaction = typeof message.transaction === 'string' ? message.transaction : undefined;
    const waiting = transaction === undefined ? undefined : this.pending.get(transaction);
    if (!waiting || (message.janus === 'ack' && !waiting.ackIsAnswer)) {
      if (!waiting) for (const listener of this.listeners) listener(message);
      return;
    }
    this.pending.delete(transaction!);
    clearTimeout(waiting.timer);
    if (message.janus === 'error') {
      const error = (message.error ?? {}) as { code?: number; reason?: string };
      waiting.reject(new JanusError(error.code ?? 0, error.reason ?? 'error'));
    } else {
      waiting.resolve(message);
    }
  }

  private fail(error: Error): void {
    if (this.closedError) return;
    this.closedError = error;
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.pending.clear();
  }
}

/** A Janus session on its own connection: attach handles, message plugins, keep it alive. */
export class JanusSession {
  readonly connection: JanusConnection;
  readonly id: number;
  /** The token sent with each request (with token_auth every request must carry a valid one). */
  token: () => string | undefined;
  private keepalive: NodeJS.Timeout | undefined;
  private ended = false;

  private constructor(connection: JanusConnection, id: number, token: () => string | undefined) {
    this.connection = connection;
    this.id = id;
    this.token = token;
  }

  /**
   * Opens a connection and a session on it. `token` is asked for each request (a fixed one, or a
   * fresh one each time). `keepaliveMs` sends a keepalive that often while the session is open
   * (Janus drops a session idle for session_timeout, 60 s by default); 0 sends none.
   */
  static async create(url: string, { token, keepaliveMs = 0 }: { token?: string | (() => string); keepaliveMs?: number } = {}): Promise<JanusSession> {
    const tokenOf = typeof token === 'function' ? token : () => token;
    const connection = await JanusConnection.open(url);
    try {
      const created = await connection.request(withToken({ janus: 'create' }, tokenOf()));
      const session = new JanusSession(connection, Number((created.data as { id: number }).id), tokenOf);
      if (keepaliveMs > 0) {
        session.keepalive = setInterval(() => {
          if (!session.usable) return session.end();
          session.request({ janus: 'keepalive' }, { ackIsAnswer: true }).catch(() => undefined);
        }, keepaliveMs);
        // The keepalive never holds the process open by itself.
        session.keepalive.unref();
      }
      connection.onMessage((message) => {
        if (message.janus === 'timeout' && message.session_id === session.id) session.end();
      });
      return session;
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  /** Neither timed out nor cut off: requests on it can still succeed. */
  get usable(): boolean {
    return !this.ended && !this.connection.closed;
  }

  request(message: Json, options?: { ackIsAnswer?: boolean; timeoutMs?: number }): Promise<Json> {
    return this.connection.request(withToken({ ...message, session_id: this.id }, this.token()), options);
  }

  /** Attaches a handle to a plugin (the token must name it) and returns the handle's id. */
  async attach(plugin: string): Promise<number> {
    const attached = await this.request({ janus: 'attach', plugin });
    return Number((attached.data as { id: number }).id);
  }

  /** A plugin request: the synchronous answer (`success`), or the `event` an asynchronous one ends with. */
  async message(handleId: number, body: Json, jsep?: Json): Promise<PluginAnswer> {
    const answer = await this.request({ janus: 'message', handle_id: handleId, body, ...(jsep ? { jsep } : {}) });
    return pluginAnswer(answer);
  }

  /** Ends the session (Janus detaches its handles, a publisher leaves its room) and closes the connection. */
  async destroy(): Promise<void> {
    const open = this.usable;
    this.end();
    if (open) await this.request({ janus: 'destroy' }, { timeoutMs: 2_000 }).catch(() => undefined);
    this.connection.close();
  }

  private end(): void {
    this.ended = true;
    clearInterval(this.keepalive);
    this.keepalive = undefined;
  }
}

function withToken(message: Json, token: string | undefined): Json {
  return token === undefined ? message : { ...message, token };
}
