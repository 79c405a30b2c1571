// What a scanned QR code means to the app. A scanned code is an outside value, like a link: it may
// lead somewhere (through safe-path, the one place an outside value becomes a navigation) or show
// something, never write. The app's own formats:
//   - `ess-employee:<employee number>`: an employee's "My QR" (Home), shown as who it is;
//   - `ess-location:<location code>`: a place to check in at (qr-location-checkin);
//   - an address of this app (a path, or a URL of this origin) that safe-path accepts.
// Anything else is text; an http(s) URL of another site is text that may be opened on request.
import { toSafePath } from '../../shared/safe-path/safe-path.ts';

export const EMPLOYEE_CODE_PREFIX = 'ess-employee:';
export const LOCATION_CODE_PREFIX = 'ess-location:';

/** An employee number as the directory writes it (digits, letters, `-`, `_`). */
const EMPLOYEE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
/** A location code, as the contract's QrCheckInRequest.location_code allows it. */
const LOCATION = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export type ScannedCode =
  | { kind: 'route'; path: string }
  | { kind: 'employee'; employeeNumber: string }
  | { kind: 'location'; locationCode: string }
  | { kind: 'link'; url: string }
  | { kind: 'text'; text: string };

/** The code of an employee's "My QR"; undefined when the employee number is not known or not one. */
export function employeeCode(employeeNumber: string | null | undefined): string | undefined {
  const number = employeeNumber?.trim();
  return number && EMPLOYEE_NUMBER.test(number) ? `${EMPLOYEE_CODE_PREFIX}${number}` : undefined;
}

/** The location code inside a scanned `ess-location:` code (or a bare code typed in a link's `?location=`). */
export function locationCodeOf(value: string | null | undefined): string | undefined {
  const raw = value?.trim() ?? '';
  const code = raw.toLowerCase().startsWith(LOCATION_CODE_PREFIX) ? raw.slice(LOCATION_CODE_PREFIX.length) : raw;
  return LOCATION.test(code) ? code.toUpperCase() : undefined;
}

const prefixed = (text: string, prefix: string) => (text.toLowerCase().startsWith(prefix) ? text.slice(prefix.length) : undefined);

/** An in-app path for an address of this app (a path, or a URL of `origin`), when safe-path accepts it. */
function appPath(text: string, origin: string): string | undefined {
  // A path: only with its leading slash (a bare word such as "chat" is text, not an address);
  // safe-path refuses "//host" and "/\host" itself.
  if (text.startsWith('/')) return toSafePath(text) ?? undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.username || url.password) return undefined;
  return toSafePath(`${url.pathname}${url.search}${url.hash}`) ?? undefined;
}

/** Whether the text is a web address another app could open (never javascript:, data: or the like). */
function webLink(text: string): string | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a scanned code; `origin` is this app's (window.location.origin). */
export function parseScannedCode(scanned: string, origin: string): ScannedCode {
  const text = scanned.trim();
  const employee = prefixed(text, EMPLOYEE_CODE_PREFIX);
  if (employee !== undefined && EMPLOYEE_NUMBER.test(employee)) return { kind: 'employee', employeeNumber: employee };
  if (prefixed(text, LOCATION_CODE_PREFIX) !== undefined) {
    const locationCode = locationCodeOf(text);
    if (locationCode) return { kind: 'location', locationCode };
  }
  const path = appPath(text, origin);
  if (path) return { kind: 'route', path };
  const url = webLink(text);
  if (url) return { kind: 'link', url };
  // Shown as scanned (not trimmed): it may be copied.
  return { kind: 'text', text: scanned };
}
