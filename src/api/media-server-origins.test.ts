import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseMediaServerOrigins } from './media-server-origins.ts';

afterEach(() => vi.restoreAllMocks());

describe('VITE_MEDIA_SERVER_ORIGINS', () => {
  it('is none unless set: the media server is reached through the app origin only', () => {
    expect(parseMediaServerOrigins(undefined)).toEqual([]);
    expect(parseMediaServerOrigins(' ')).toEqual([]);
  });

  it('takes comma- or space-separated absolute origins, each once, paths dropped', () => {
    expect(parseMediaServerOrigins('wss://media.company.example/janus,wss://media.company.example  https://sfu.company.example:8989')).toEqual([
      'wss://media.company.example',
      'https://sfu.company.example:8989',
    ]);
  });

  it('reports and leaves out what is not an absolute ws(s) or http(s) origin', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseMediaServerOrigins('/janus media.company.example javascript:alert(1) ftp://x.example wss://ok.example')).toEqual(['wss://ok.example']);
    expect(warn).toHaveBeenCalledTimes(4);
  });
});
