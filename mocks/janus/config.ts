// The configuration folder a sandbox Janus runs from (`janus -F <folder>`): three files (four with an
// events backend), written fresh for each start into a temporary folder, so nothing of /etc/janus is
// used. What they say:
// - janus.jcfg: signed tokens (token_auth with a random token_auth_secret), so every request but
//   `info`/`ping` needs a token the backend minted (token.ts); sessions idle for 60 s are dropped;
//   warnings and errors only (debug_level 3); every plugin but the VideoRoom and every transport but
//   websockets disabled (the names are read from the installed folders), no loggers, and no event
//   handler but, when the backend listens for events (`eventsBackend`), the HTTP one (sampleevh);
//   no Admin API anywhere (no admin transport; the admin secret is random all the same).
// - janus.transport.websockets.jcfg: the Janus API over ws on 127.0.0.1:<port> only (the app reaches
//   it through its own origin's /janus proxy), no wss, no Admin API over websockets.
// - janus.plugin.videoroom.jcfg: rooms can be created only with the admin_key (the backend's), which
//   RTP forwarding needs too (lock_rtp_forward); no preset rooms.
// - janus.eventhandler.sampleevh.jcfg (with `eventsBackend` only): the plugins' events (the
//   VideoRoom's `joined`, with the publisher's id and the ACL token it joined with) POSTed one by one
//   to the backend's listener on 127.0.0.1 (mocks/janus/events.ts), which kicks an impostor and learns
//   who answered a call.
// Media (ICE) uses the machine's other interfaces: Janus never gathers loopback candidates.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folders of an installed Janus's shared libraries. */
export interface JanusLibraries {
  plugins: string;
  transports: string;
  events: string;
  loggers: string;
}

export interface JanusConfigOptions {
  /** The folder the files go in (janus -F). */
  folder: string;
  /** The websocket API's port on 127.0.0.1. */
  port: number;
  tokenSecret: string;
  adminKey: string;
  adminSecret: string;
  libraries: JanusLibraries;
  /** What its `info` answer calls it: each run's own, so a start can tell its Janus from another on the port. */
  serverName?: string;
  /** Seconds a session may stay silent (no request, no keepalive) before Janus drops it. */
  sessionTimeout?: number;
  debugLevel?: number;
  /** Where Janus POSTs the plugins' events (an http:// URL on 127.0.0.1); none: no event handler at all. */
  eventsBackend?: string;
}

export const ENABLED_PLUGIN = 'libjanus_videoroom.so';
export const ENABLED_TRANSPORT = 'libjanus_websockets.so';
/** The event handler that POSTs events over HTTP (enabled only with an eventsBackend). */
export const EVENT_HANDLER = 'libjanus_sampleevh.so';

/** The shared libraries Janus would load from a folder (its rule: names ending in .so). */
export function librariesIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).filter((name) => name.endsWith('.so')).sort();
}

/** A jcfg string value: double-quoted, with backslashes and quotes escaped (libconfig's syntax). */
const quote = (value: string) => {
  if (/[\n\r]/.test(value)) throw new Error(`janus config: a value cannot hold a line break: ${JSON.stringify(value)}`);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
};

const disable = (names: readonly string[]) => (names.length > 0 ? `\tdisable = ${quote(names.join(','))}\n` : '');

/** The three files, by name, for these options (nothing is written). */
export function janusConfigFiles(options: JanusConfigOptions, list: (folder: string) => string[] = librariesIn): Record<string, string> {
  const { libraries } = options;
  const others = (folder: string, keep?: string) => list(folder).filter((name) => name !== keep);
  const core = `# Written by mocks/janus/config.ts for one run of the sandbox's Janus.
general: {
\tconfigs_folder = ${quote(options.folder)}
\tplugins_folder = ${quote(libraries.plugins)}
\ttransports_folder = ${quote(libraries.transports)}
\tevents_folder = ${quote(libraries.events)}
\tloggers_folder = ${quote(libraries.loggers)}
\tdebug_level = ${options.debugLevel ?? 3}
\tdebug_colors = false
\tserver_name = ${quote(options.serverName ?? 'ess-sandbox')}
\tsession_timeout = ${options.sessionTimeout ?? 60}
\ttoken_auth = true
\ttoken_auth_secret = ${quote(options.tokenSecret)}
\tadmin_secret = ${quote(options.adminSecret)}
\thide_dependencies = true
}
certificates: {
}
media: {
}
nat: {
\tnice_debug = false
\tice_ignore_list = "vmnet"
}
plugins: {
${disable(others(libraries.plugins, ENABLED_PLUGIN))}}
transports: {
${disable(others(libraries.transports, ENABLED_TRANSPORT))}}
loggers: {
${disable(others(libraries.loggers))}}
events: {
\tbroadcast = ${options.eventsBackend ? 'true' : 'false'}
${disable(others(libraries.events, options.eventsBackend ? EVENT_HANDLER : undefined))}}
`;
  const websockets = `# Written by mocks/janus/config.ts: the Janus API over ws on loopback only; no wss, no Admin API.
general: {
\tjson = "compact"
\tws = true
\tws_port = ${options.port}
\tws_ip = "127.0.0.1"
\twss = false
}
admin: {
\tadmin_ws = false
\tadmin_wss = false
}
`;
  const videoroom = `# Written by mocks/janus/config.ts: rooms are created by the backend only (admin_key), none preset.
general: {
\tadmin_key = ${quote(options.adminKey)}
\tlock_rtp_forward = true
}
`;
  const files: Record<string, string> = {
    'janus.jcfg': core,
    'janus.transport.websockets.jcfg': websockets,
    'janus.plugin.videoroom.jcfg': videoroom,
  };
  if (options.eventsBackend) {
    if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(options.eventsBackend)) throw new Error(`janus config: the events backend must be on 127.0.0.1: ${options.eventsBackend}`);
    files['janus.eventhandler.sampleevh.jcfg'] = `# Written by mocks/janus/config.ts: the plugins' events, one per POST, to the backend's listener.
general: {
\tenabled = true
\tevents = "plugins"
\tgrouping = false
\tjson = "compact"
\tbackend = ${quote(options.eventsBackend)}
\tmax_retransmissions = 3
\tretransmissions_backoff = 50
}
`;
  }
  return files;
}

export function writeJanusConfig(options: JanusConfigOptions): void {
  for (const [name, text] of Object.entries(janusConfigFiles(options))) writeFileSync(join(options.folder, name), text, { mode: 0o600 });
}
