// The attachment viewer's list: what the files call answers, as the viewer shows it.
import { describe, expect, it } from 'vitest';
import { httpUrl, kindOf, mimeTypeOf, toAttachments } from './attachments.ts';

describe("a room's files for the attachment viewer", () => {
  it('shows pictures, PDFs, video and audio in place, and anything else as a download', () => {
    expect(['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'video/mp4', 'audio/mpeg', 'audio/wav'].map(kindOf)).toEqual(['image', 'image', 'image', 'pdf', 'video', 'audio', 'audio']);
    // A drawing (it can hold scripts and links), a HEIC photo and a QuickTime film are not shown in place.
    expect(['image/svg+xml', 'image/heic', 'video/quicktime', 'text/html', 'application/zip'].map(kindOf)).toEqual(['other', 'other', 'other', 'other', 'other']);
  });

  it("takes the server's type, or the extension's when the server says nothing specific", () => {
    expect(mimeTypeOf('foto.PNG', null)).toBe('image/png');
    expect(mimeTypeOf('laporan.pdf', 'application/octet-stream')).toBe('application/pdf');
    expect(mimeTypeOf('laporan.pdf', 'Application/PDF; charset=binary')).toBe('application/pdf');
    expect(mimeTypeOf('rekap.xlsx', undefined)).toBe('application/octet-stream');
    // The server's word wins over a name: a page named .png is still a page, and is not shown as a picture.
    expect(kindOf(mimeTypeOf('halaman.png', 'text/html'))).toBe('other');
  });

  it('links only http(s): a javascript:, data: or blob: URL becomes no URL at all', () => {
    expect(httpUrl('https://files.example/a.png?sig=1')).toBe('https://files.example/a.png?sig=1');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl(' JavaScript:alert(1)')).toBeNull();
    expect(httpUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(httpUrl('blob:https://evil.example/x')).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });

  it('lists the files oldest first, known by their message, names without bidirectional controls, files without a message left out', () => {
    const list = toAttachments([
      { id: 3, message_uuid: 'm-3', file_name: 'c.png', mime_type: 'image/png', created_at: '2026-11-20T09:30:00Z', signed_file_url: 'https://files.example/c.png', file_size: 30 },
      { id: 9, message_uuid: null, file_name: 'orphan.png', mime_type: 'image/png', created_at: '2026-11-20T09:25:00Z' },
      { id: 2, message_uuid: 'm-2', file_name: 'invoice\u202Egnp.exe', created_at: '2026-11-20T09:20:00Z', file_url: 'javascript:alert(1)', from_user_name: 'Budi\u202E' },
      { id: 1, message_uuid: 'm-1', file_name: 'a.png', mime_type: 'image/png', created_at: '2026-11-20T09:10:00Z', signed_file_url: 'https://files.example/a.png' },
    ]);
    expect(list.map((item) => item.messageUuid)).toEqual(['m-1', 'm-2', 'm-3']);
    expect(list[1]).toMatchObject({ name: 'invoicegnp.exe', kind: 'other', url: null, from: 'Budi', size: null });
    expect(list[2]).toMatchObject({ name: 'c.png', kind: 'image', mimeType: 'image/png', url: 'https://files.example/c.png', size: 30 });
  });
});
