import { describe, expect, it } from 'vitest';
import { employeeCode, locationCodeOf, parseScannedCode } from './scanned-code.ts';

const ORIGIN = 'https://ess.company.example';
const parse = (text: string) => parseScannedCode(text, ORIGIN);

describe('a scanned QR code', () => {
  it('is an app route when it is a path or an address of this origin that safe-path accepts', () => {
    expect(parse('/notification')).toEqual({ kind: 'route', path: '/notification' });
    expect(parse(' /chats/chat?uuid=b3f1c2d4 ')).toEqual({ kind: 'route', path: '/chats/chat?uuid=b3f1c2d4' });
    expect(parse(`${ORIGIN}/qr-location-checkin?location=JKT-HQ-L1`)).toEqual({ kind: 'route', path: '/qr-location-checkin?location=JKT-HQ-L1' });
    expect(parse(`${ORIGIN}/chat/chat-detail/video-call/77`)).toEqual({ kind: 'route', path: '/chat/chat-detail/video-call/77' });
  });

  it('never becomes a navigation when hostile: other origins, schemes, protocol-relative and unknown paths', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JAVASCRIPT:location="/home"',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/home',
      '/\\evil.example/home',
      '/%2F%2Fevil.example',
      '/home/../../etc',
      '/no-such-route',
      `${ORIGIN}.evil.example/home`,
      `https://user:pw@ess.company.example/home`,
      'vbscript:msgbox(1)',
    ]) {
      expect(parse(hostile).kind, hostile).not.toBe('route');
    }
    // Another site's address, even one whose path is an app route, is a link to show, not to follow.
    expect(parse('https://evil.example/home')).toEqual({ kind: 'link', url: 'https://evil.example/home' });
    expect(parse('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(parse('//evil.example/home')).toEqual({ kind: 'text', text: '//evil.example/home' });
  });

  it("is an employee's My QR, or a location code, in the app's own formats", () => {
    expect(parse('ess-employee:100234')).toEqual({ kind: 'employee', employeeNumber: '100234' });
    expect(parse('ESS-EMPLOYEE:100234')).toEqual({ kind: 'employee', employeeNumber: '100234' });
    expect(parse('ess-location:JKT-HQ-L1')).toEqual({ kind: 'location', locationCode: 'JKT-HQ-L1' });
    expect(parse('ess-location:sby-dc')).toEqual({ kind: 'location', locationCode: 'SBY-DC' });
    // Malformed ones are only text.
    expect(parse('ess-employee:1 OR 1=1')).toEqual({ kind: 'text', text: 'ess-employee:1 OR 1=1' });
    expect(parse('ess-location:../../x')).toEqual({ kind: 'text', text: 'ess-location:../../x' });
    expect(parse('ess-location:')).toEqual({ kind: 'text', text: 'ess-location:' });
  });

  it('is a web link for another http(s) address, and text otherwise', () => {
    expect(parse('http://intranet.company.example/menu?day=1')).toEqual({ kind: 'link', url: 'http://intranet.company.example/menu?day=1' });
    expect(parse('WIFI:S:Office;T:WPA;P:secret;;')).toEqual({ kind: 'text', text: 'WIFI:S:Office;T:WPA;P:secret;;' });
    expect(parse('chat')).toEqual({ kind: 'text', text: 'chat' });
    expect(parse('Hello, world')).toEqual({ kind: 'text', text: 'Hello, world' });
  });
});

describe('the codes the app writes', () => {
  it("gives an employee's code from their employee number, or none", () => {
    expect(employeeCode('100234')).toBe('ess-employee:100234');
    expect(employeeCode(' 100234 ')).toBe('ess-employee:100234');
    expect(employeeCode(undefined)).toBeUndefined();
    expect(employeeCode('')).toBeUndefined();
    expect(employeeCode('100 234')).toBeUndefined();
  });

  it('reads a location code with or without its prefix', () => {
    expect(locationCodeOf('ess-location:jkt-hq-l1')).toBe('JKT-HQ-L1');
    expect(locationCodeOf('JKT-HQ-L1')).toBe('JKT-HQ-L1');
    expect(locationCodeOf('x y')).toBeUndefined();
    expect(locationCodeOf(null)).toBeUndefined();
  });
});
