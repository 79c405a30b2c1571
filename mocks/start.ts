// `npm run mock`: the HTTP mock and the realtime mock together, on 127.0.0.1.
// The HTTP mock is the sandbox (mocks/sandbox/) on :4010 in front of Prism (contract examples;
// `--dynamic` for generated data) on a free port: the sandbox answers sign-in, the live chat (from
// memory, its events sent through the realtime mock's socket.io; video calls ring through its Pusher
// server), the feed, the forum, the quick links
// and its pictures itself and forwards everything else to Prism. `--examples` makes it forward
// every contract operation (Prism's examples only). The realtime mock (Pusher protocol, socket.io,
// long polling, the web-module stand-ins) is on :6001.
// Beside them, Janus (mocks/janus/, Debian's package, installed when missing where it can be) for the
// group calls: the sandbox creates a VideoRoom room for each group call and gives its members the
// room, pin and token in the call's `media`; without Janus group calls use the app's peer-to-peer mesh.
// `--ttl <seconds>` stops them by themselves (tests and CI never leave servers behind).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureJanus, JANUS_FALLBACK_LINE } from './janus/install.ts';
import { startJanus, type RunningJanus } from './janus/server.ts';
import { startPrism, type RunningPrism } from './prism.ts';
import { startRealtimeMock, type RealtimeMock } from './realtime/server.ts';
import { janusCallMedia, type CallMediaServer } from './sandbox/chat/call-media.ts';
import { startSandbox, type SandboxOptions } from './sandbox/server.ts';

export interface RunningMocks {
  /** The HTTP mock the app talks to (the sandbox). */
  httpUrl: string;
  /** Prism itself, behind the sandbox. */
  prismUrl: string;
  realtimeUrl: string;
  /** Janus's websocket API (ws://127.0.0.1:port), when it runs: the app reaches it through its origin's /janus proxy. */
  janusUrl?: string;
  /** How long Janus took to answer, in ms, when it runs. */
  janusStartupMs?: number;
  stop(): Promise<void>;
}

export interface MockOptions {
  dynamic?: boolean;
  /** The sandbox's port (the app's HTTP mock); 0 picks a free one. */
  httpPort?: number;
  realtimePort?: number;
  /** Prism's port; 0 (the default) picks a free one. */
  prismPort?: number;
  /** A Prism already starting, used instead of starting one (npm start starts it before loading the rest). */
  prism?: Promise<RunningPrism>;
  /** Every contract operation answered by Prism's examples (the sandbox still serves its pictures). */
  contractExamples?: boolean;
  /**
   * The media server of group calls: 'auto' starts Janus when it is installed or can be installed (as
   * root with apt-get), otherwise says once that group calls use the peer-to-peer mesh; false (the
   * default) starts none.
   */
  janus?: 'auto' | false;
  /** The sandbox's media server for group calls when startMocks starts no Janus itself (npm start starts its own in the background). */
  callMedia?: CallMediaServer;
  /** Where the one line about Janus missing goes (default console.log). */
  log?: (line: string) => void;
}

/** Janus for the group calls, or undefined (after one line saying why and what then) when it cannot run here. */
async function startJanusIfPossible(log: (line: string) => void): Promise<RunningJanus | undefined> {
  const binary = ensureJanus({ log });
  if (!binary) {
    log(JANUS_FALLBACK_LINE(process.getuid?.() === 0 ? 'it could not be installed' : 'it is not installed'));
    return undefined;
  }
  try {
    return await startJanus({ binary, log });
  } catch (error) {
    log(JANUS_FALLBACK_LINE((error as Error).message.split('\n')[0]!));
    return undefined;
  }
}

/**
 * How the sandbox reaches the realtime mock: its live-chat events go out on the realtime mock's
 * socket.io server (each to its recipient's sockets), its call events as the global event to each
 * user's private channel (prefix `ess`, the realtime mock's), and each call's meet room is registered
 * so /broadcasting/auth grants the call room to the room's members only. The feed's counts go to the
 * public global channel.
 */
export function realtimeHooks(realtime: RealtimeMock): Required<Pick<SandboxOptions, 'liveChat' | 'callEvents' | 'feedEvents'>> {
  return {
    liveChat: { emit: (event, payload) => void realtime.emitSocketIo(event, payload), knowRooms: (membersOf) => realtime.chatRooms.register(membersOf) },
    callEvents: {
      emit: (userId, event) => void realtime.publishPusher(`private-ess_user.${userId}`, 'global_event', event),
      openCallRoom: (meetRoomUuid, members, joined) => realtime.callRooms.register(meetRoomUuid, members, joined),
    },
    // The feed's counts (issue 37) go to every signed-in app on the public global channel.
    feedEvents: { emit: (event) => void realtime.publishPusher('ess_global_event', 'global_event', event) },
  };
}

export async function startMocks({
  dynamic = false,
  httpPort = 4010,
  realtimePort = 6001,
  prismPort = 0,
  prism: prismStarting,
  contractExamples = false,
  janus: withJanus = false,
  callMedia,
  log = console.log,
}: MockOptions = {}): Promise<RunningMocks> {
  const started = await Promise.allSettled([
    prismStarting ?? startPrism({ port: prismPort, dynamic }),
    startRealtimeMock({ port: realtimePort }),
    withJanus === 'auto' ? startJanusIfPossible(log) : Promise.resolve(undefined),
  ]);
  const [prismStart, realtimeStart, janusStart] = started;
  const janus = janusStart.status === 'fulfilled' ? janusStart.value : undefined;
  if (prismStart.status === 'rejected' || realtimeStart.status === 'rejected') {
    await Promise.all([
      prismStart.status === 'fulfilled' ? prismStart.value.stop() : undefined,
      realtimeStart.status === 'fulfilled' ? realtimeStart.value.stop() : undefined,
      janus?.stop(),
    ]);
    throw prismStart.status === 'rejected' ? prismStart.reason : (realtimeStart as PromiseRejectedResult).reason;
  }
  const prism = prismStart.value;
  const realtime = realtimeStart.value;
  let sandbox;
  try {
    sandbox = await startSandbox({
      prismUrl: prism.url,
      port: httpPort,
      contractExamples,
      ...realtimeHooks(realtime),
      ...(janus ? { callMedia: janusCallMedia(janus) } : callMedia ? { callMedia } : {}),
    });
  } catch (error) {
    await Promise.all([prism.stop(), realtime.stop(), janus?.stop()]);
    throw error;
  }
  const running = sandbox;
  return {
    httpUrl: running.url,
    prismUrl: prism.url,
    realtimeUrl: realtime.url,
    ...(janus ? { janusUrl: janus.url, janusStartupMs: janus.startupMs } : {}),
    stop: async () => {
      await Promise.all([running.stop(), prism.stop(), realtime.stop()]);
      // After the sandbox, so no call starts on a Janus already gone.
      await janus?.stop();
    },
  };
}

/** The line `npm run mock` and `npm start` print about Janus when it runs. */
export function janusLine(mocks: Pick<RunningMocks, 'janusUrl' | 'janusStartupMs'>): string | undefined {
  if (!mocks.janusUrl) return undefined;
  return `Janus (group calls through its VideoRoom, the app reaches it at /janus): ${mocks.janusUrl}, ready in ${mocks.janusStartupMs} ms`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      dynamic: { type: 'boolean', default: false },
      examples: { type: 'boolean', default: false },
      ttl: { type: 'string' },
    },
  });
  const started = performance.now();
  const mocks = await startMocks({ dynamic: values.dynamic, contractExamples: values.examples, janus: 'auto' });
  const data = values.dynamic ? 'generated data' : 'contract examples';
  console.log(
    values.examples
      ? `HTTP mock: ${mocks.httpUrl} (Prism's ${data} for every operation, from ${mocks.prismUrl})`
      : `HTTP mock: ${mocks.httpUrl} (sandbox: sign-in as ayu.lestari or budi.santoso with any password, live chat, feed, forum, quick links and pictures; the rest from Prism's ${data} at ${mocks.prismUrl}; routes at ${mocks.httpUrl}/__sandbox)`,
  );
  console.log(`Realtime mock (Pusher /app/ess-mock-key, socket.io, long polling, web modules at /modules): ${mocks.realtimeUrl}`);
  const janus = janusLine(mocks);
  if (janus) console.log(janus);
  console.log(`Mocks ready in ${Math.round(performance.now() - started)} ms. Emit events with: npm run mock:emit -- <example-name>`);
  const shutdown = async () => {
    await mocks.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  if (values.ttl) setTimeout(shutdown, Number(values.ttl) * 1000).unref();
}
