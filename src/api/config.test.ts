import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES, parseUploadMaxBytes } from './config.ts';

afterEach(() => vi.restoreAllMocks());

describe('VITE_UPLOAD_MAX_BYTES', () => {
  it('is 25 MB unless set', () => {
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(parseUploadMaxBytes(undefined)).toBe(DEFAULT_UPLOAD_MAX_BYTES);
    expect(parseUploadMaxBytes('')).toBe(DEFAULT_UPLOAD_MAX_BYTES);
  });

  it('takes a positive whole number of bytes', () => {
    expect(parseUploadMaxBytes('5242880')).toBe(5 * 1024 * 1024);
    expect(parseUploadMaxBytes('1')).toBe(1);
  });

  it('reports anything else and keeps the default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const raw of ['0', '-1', '25MB', '1.5', 'Infinity', 'abc']) expect(parseUploadMaxBytes(raw), raw).toBe(DEFAULT_UPLOAD_MAX_BYTES);
    expect(warn).toHaveBeenCalledTimes(6);
  });
});
