// The sandbox Janus's configuration (mocks/janus/config.ts) and what it needs of the machine
// (mocks/janus/install.ts). That Janus really loads it is tests/realtime/janus.test.ts's part.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { NetworkInterfaceInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { janusConfigFiles, writeJanusConfig, type JanusConfigOptions } from '../../mocks/janus/config.ts';
import { JANUS_FALLBACK_LINE, mediaAddress } from '../../mocks/janus/install.ts';

const LIBRARIES = { plugins: '/lib/janus/plugins', transports: '/lib/janus/transports', events: '/lib/janus/events', loggers: '/lib/janus/loggers' };
const INSTALLED: Record<string, string[]> = {
  [LIBRARIES.plugins]: ['libjanus_audiobridge.so', 'libjanus_echotest.so', 'libjanus_streaming.so', 'libjanus_videoroom.so'],
  [LIBRARIES.transports]: ['libjanus_http.so', 'libjanus_pfunix.so', 'libjanus_websockets.so'],
  [LIBRARIES.events]: ['libjanus_sampleevh.so', 'libjanus_wsevh.so'],
  [LIBRARIES.loggers]: ['libjanus_jsonlog.so'],
};
const OPTIONS: JanusConfigOptions = { folder: '/tmp/janus-x', port: 43_210, tokenSecret: 'token-secret', adminKey: 'admin-key', adminSecret: 'admin-secret', libraries: LIBRARIES, serverName: 'ess-sandbox-1' };
const files = (options: Partial<JanusConfigOptions> = {}) => janusConfigFiles({ ...OPTIONS, ...options }, (folder) => INSTALLED[folder] ?? []);
const setting = (text: string, name: string) => new RegExp(`^\\s*${name} = (.*)$`, 'm').exec(text)?.[1];

describe('the sandbox Janus configuration', () => {
  it('turns on signed tokens with its secret, a 60 s session timeout and warnings-only logging', () => {
    const core = files()['janus.jcfg']!;
    expect(setting(core, 'token_auth')).toBe('true');
    expect(setting(core, 'token_auth_secret')).toBe('"token-secret"');
    expect(setting(core, 'session_timeout')).toBe('60');
    expect(setting(core, 'debug_level')).toBe('3');
    expect(setting(core, 'configs_folder')).toBe('"/tmp/janus-x"');
    expect(setting(core, 'server_name')).toBe('"ess-sandbox-1"');
    // No API secret: the tokens alone decide (an api_secret would let its holder in without one).
    expect(core).not.toMatch(/api_secret/);
  });

  it('disables every installed plugin but the VideoRoom, every transport but websockets, every event handler and logger', () => {
    const core = files()['janus.jcfg']!;
    const disabled = (section: string) => new RegExp(`^${section}: \\{\\n\\tdisable = "([^"]*)"\\n\\}`, 'm').exec(core)?.[1]?.split(',');
    expect(disabled('plugins')).toEqual(['libjanus_audiobridge.so', 'libjanus_echotest.so', 'libjanus_streaming.so']);
    expect(disabled('transports')).toEqual(['libjanus_http.so', 'libjanus_pfunix.so']);
    expect(disabled('loggers')).toEqual(['libjanus_jsonlog.so']);
    expect(core).toMatch(/^events: \{\n\tbroadcast = false\n\tdisable = "libjanus_sampleevh.so,libjanus_wsevh.so"\n\}/m);
    expect(files()['janus.eventhandler.sampleevh.jcfg']).toBeUndefined();
  });

  it('with an events backend, broadcasts events to the HTTP event handler alone, plugins only, to that loopback URL', () => {
    const backend = 'http://127.0.0.1:45678/janus-events/abc';
    const withEvents = files({ eventsBackend: backend });
    expect(withEvents['janus.jcfg']).toMatch(/^events: \{\n\tbroadcast = true\n\tdisable = "libjanus_wsevh.so"\n\}/m);
    const handler = withEvents['janus.eventhandler.sampleevh.jcfg']!;
    expect(setting(handler, 'enabled')).toBe('true');
    expect(setting(handler, 'events')).toBe('"plugins"');
    expect(setting(handler, 'backend')).toBe(`"${backend}"`);
    expect(() => files({ eventsBackend: 'http://example.com/events' })).toThrow(/127\.0\.0\.1/);
  });

  it('serves the Janus API over ws on 127.0.0.1 only: no wss, no Admin API', () => {
    const websockets = files()['janus.transport.websockets.jcfg']!;
    expect(setting(websockets, 'ws')).toBe('true');
    expect(setting(websockets, 'ws_port')).toBe('43210');
    expect(setting(websockets, 'ws_ip')).toBe('"127.0.0.1"');
    expect(setting(websockets, 'wss')).toBe('false');
    expect(setting(websockets, 'admin_ws')).toBe('false');
    expect(setting(websockets, 'admin_wss')).toBe('false');
  });

  it('lets only the admin key create rooms (and RTP forwarders), with no preset rooms', () => {
    const videoroom = files()['janus.plugin.videoroom.jcfg']!;
    expect(setting(videoroom, 'admin_key')).toBe('"admin-key"');
    expect(setting(videoroom, 'lock_rtp_forward')).toBe('true');
    expect(videoroom).not.toMatch(/^room-/m);
  });

  it('quotes values so a secret cannot break out of its setting', () => {
    expect(setting(files({ tokenSecret: 'a"b\\c' })['janus.jcfg']!, 'token_auth_secret')).toBe('"a\\"b\\\\c"');
    expect(() => files({ adminKey: 'a\nroom-1: {}' })).toThrow(/line break/);
  });

  it('is written readable by its owner only (it holds the secrets)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'janus-config-test-'));
    try {
      writeJanusConfig({ ...OPTIONS, folder });
      for (const name of ['janus.jcfg', 'janus.transport.websockets.jcfg', 'janus.plugin.videoroom.jcfg']) {
        expect(statSync(join(folder, name)).mode & 0o077).toBe(0);
      }
      expect(readFileSync(join(folder, 'janus.jcfg'), 'utf8')).toContain('token_auth_secret = "token-secret"');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('where Janus can offer media', () => {
  const address = (ip: string, internal: boolean, family: 'IPv4' | 'IPv6' = 'IPv4') => ({ address: ip, internal, family }) as NetworkInterfaceInfo;

  it('needs an interface besides loopback (Janus never gathers loopback candidates)', () => {
    expect(mediaAddress({ lo: [address('127.0.0.1', true), address('::1', true, 'IPv6')] })).toBeUndefined();
    expect(mediaAddress({ lo: [address('127.0.0.1', true)], vmnet8: [address('172.16.0.1', false)] })).toBeUndefined();
    expect(mediaAddress({ lo: [address('127.0.0.1', true)], eth0: [address('fd00::2', false, 'IPv6'), address('192.0.2.2', false)] })).toBe('192.0.2.2');
  });

  it('says in one line, when it cannot run, that group calls use the mesh for up to 4 people and how to install Janus', () => {
    const line = JANUS_FALLBACK_LINE('it is not installed');
    expect(line).not.toContain('\n');
    expect(line).toMatch(/peer-to-peer mesh, up to 4 people/);
    expect(line).toMatch(/apt-get install janus/);
  });
});
