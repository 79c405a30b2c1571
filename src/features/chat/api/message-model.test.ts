import { describe, expect, it } from 'vitest';
import { messageV1, messageV2 } from '../testing/chat-fixtures.ts';
import { fromV1 as mapV1, fromV2 as mapV2, mapMessages, roomTitle } from './message-model.ts';

// Every fixture below has a uuid, so each maps to a message.
const fromV1 = (message: Parameters<typeof mapV1>[0]) => mapV1(message)!;
const fromV2 = (message: Parameters<typeof mapV2>[0]) => mapV2(message)!;

describe('one message shape for v1 and v2', () => {
  it('maps the same text message from v1 and v2 to the same RoomMessage', () => {
    const v1 = fromV1(
      messageV1({ id: 7, uuid: 'u-7', user_id: 42, type: 'text', message_content: 'Hi', from_user_name: 'Ayu Lestari', from_user_avatar: 'https://a.example/ayu.png', is_owner: 1, client_message_id: 'c-7', created_at: '2024-05-01T08:00:00Z', pinned_at: null }),
    );
    const v2 = fromV2(
      messageV2({ id: 7, uuid: 'u-7', user_id: 42, message_type: 'text', message_content: 'Hi', is_owner: true, is_edited: false, client_message_id: 'c-7', created_at: '2024-05-01T08:00:00Z', pinned_at: null, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari', signed_profile_picture_url: 'https://a.example/ayu.png' } }),
    );
    expect(v1).toEqual(v2);
    expect(v1).toEqual({
      id: 7,
      uuid: 'u-7',
      clientId: 'c-7',
      senderId: 42,
      senderName: 'Ayu Lestari',
      senderAvatar: 'https://a.example/ayu.png',
      own: true,
      kind: 'text',
      text: 'Hi',
      file: null,
      sticker: null,
      poll: null,
      createdAt: '2024-05-01T08:00:00Z',
      pinnedAt: null,
      edited: false,
      deleted: false,
      replyTo: null,
      reactions: [],
      forwarded: false,
      receipt: null,
    });
  });

  it('maps a reply, reactions, a forward and read receipts the same from v1 and v2 (issue 24)', () => {
    const extras = {
      reply_to: { uuid: 'u-1', user_id: 43, from_user_name: 'Budi\u202E Santoso', type: 'text', message_content: 'Stok aman?', file_name: null, is_deleted: 0 },
      reactions: [
        { reaction: 'like' as const, count: 2, reacted_by_me: 1 },
        { reaction: 'sad' as const, count: 0, reacted_by_me: false },
        { reaction: 'angry' as never, count: 1, reacted_by_me: false },
      ],
      is_forwarded: 1,
      read_count: 3,
      recipient_count: 40,
    };
    const v1 = fromV1(messageV1({ uuid: 'u-2', type: 'text', message_content: 'Aman', ...extras }));
    const v2 = fromV2(messageV2({ uuid: 'u-2', message_type: 'text', message_content: 'Aman', ...extras }));
    for (const message of [v1, v2]) {
      expect(message?.replyTo).toEqual({ uuid: 'u-1', senderName: 'Budi Santoso', kind: 'text', text: 'Stok aman?', deleted: false });
      // An empty count and a reaction this app does not know are left out.
      expect(message?.reactions).toEqual([{ reaction: 'like', count: 2, mine: true }]);
      expect(message?.forwarded).toBe(true);
      expect(message?.receipt).toEqual({ read: 3, of: 40 });
    }
    const gone = fromV1(messageV1({ uuid: 'u-3', reply_to: { uuid: 'u-1', is_deleted: true, message_content: 'secret' }, read_count: null, recipient_count: null }));
    expect(gone?.replyTo).toEqual({ uuid: 'u-1', senderName: null, kind: 'text', text: null, deleted: true });
    expect(gone?.receipt).toBeNull();
  });

  it('maps a poll the same from v1 and v2: counts, own choices, and the total when the server omits it', () => {
    const vote = {
      id: 9,
      question: 'Lunch?',
      allow_multiple_answers: 1,
      is_anonymous: false,
      expired_at: null,
      options: [
        { id: 1, option_text: 'Padang', votes_count: 2, is_voted: true },
        { id: 2, option_text: 'Sunda', votes_count: 1, is_voted: 0 },
      ],
    };
    const v1 = fromV1(messageV1({ type: 'vote', message_content: null, vote }));
    const v2 = fromV2(messageV2({ message_type: 'vote', message_content: null, vote }));
    expect(v1.kind).toBe('vote');
    expect(v1.poll).toEqual(v2.poll);
    expect(v1.poll).toEqual({
      id: 9,
      question: 'Lunch?',
      multiple: true,
      anonymous: false,
      closesAt: null,
      total: 3,
      options: [
        { id: 1, text: 'Padang', count: 2, mine: true },
        { id: 2, text: 'Sunda', count: 1, mine: false },
      ],
    });
  });

  it('reads is_owner given as true or 1, and anything else as not own', () => {
    expect(fromV1(messageV1({ is_owner: true })).own).toBe(true);
    expect(fromV1(messageV1({ is_owner: 1 })).own).toBe(true);
    expect(fromV1(messageV1({ is_owner: 0 })).own).toBe(false);
    expect(fromV1(messageV1({ is_owner: false })).own).toBe(false);
    expect(fromV1(messageV1({ is_owner: undefined })).own).toBe(false);
    expect(fromV2(messageV2({ is_owner: 1 })).own).toBe(true);
    expect(fromV2(messageV2({ is_owner: true })).own).toBe(true);
    expect(fromV2(messageV2({ is_owner: 0 })).own).toBe(false);
  });

  it('maps a file message from v1 (file object) and v2 (file_* fields) to the same file view', () => {
    const v1 = fromV1(messageV1({ type: 'file', file: { id: 3, file_name: 'payslip.pdf', file_size: 2048, file_url: 'https://f.example/raw', signed_file_url: 'https://f.example/signed', mime_type: 'application/pdf' } }));
    const v2 = fromV2(messageV2({ message_type: 'file', file_name: 'payslip.pdf', file_size: 2048, file_url: 'https://f.example/signed', mime_type: 'application/pdf' }));
    const file = { name: 'payslip.pdf', size: 2048, url: 'https://f.example/signed', mimeType: 'application/pdf' };
    expect(v1.kind).toBe('file');
    expect(v2.kind).toBe('file');
    expect(v1.file).toEqual(file);
    expect(v2.file).toEqual(file);
  });

  it('falls back to the unsigned v1 file url and a generic name', () => {
    const message = fromV1(messageV1({ type: 'text', file: { id: 3, file_url: 'https://f.example/raw' } }));
    expect(message.kind).toBe('file');
    expect(message.file).toEqual({ name: 'file', size: null, url: 'https://f.example/raw', mimeType: null });
  });

  it('marks v2 edits (is_edited true or 1) and deleted messages', () => {
    expect(fromV2(messageV2({ is_edited: true })).edited).toBe(true);
    expect(fromV2(messageV2({ is_edited: 1 })).edited).toBe(true);
    expect(fromV2(messageV2({ is_edited: 0 })).edited).toBe(false);
    expect(fromV1(messageV1({ deleted_at: '2024-05-02T00:00:00Z' })).deleted).toBe(true);
    expect(fromV2(messageV2({ deleted_at: '2024-05-02T00:00:00Z' })).deleted).toBe(true);
    expect(fromV2(messageV2({ pinned_at: '2024-05-02T00:00:00Z' })).pinnedAt).toBe('2024-05-02T00:00:00Z');
  });

  it('maps v1 stickers and calls, and unknown types to text', () => {
    const sticker = fromV1(messageV1({ type: 'sticker', sticker: { id: 1, name: 'wave', image_url: 'https://s.example/wave.png' } }));
    expect(sticker.kind).toBe('sticker');
    expect(sticker.sticker).toEqual({ name: 'wave', imageUrl: 'https://s.example/wave.png' });
    expect(fromV1(messageV1({ type: 'text', chat_room_call_id: 4 })).kind).toBe('call');
    expect(fromV1(messageV1({ type: 'something-new' })).kind).toBe('text');
    expect(fromV1(messageV1({ type: 'system' })).kind).toBe('system');
  });

  it('names a v2 sender from first and last name, or nobody', () => {
    expect(fromV2(messageV2({ user: { id: 3, first_name: 'Budi', last_name: null } })).senderName).toBe('Budi');
    expect(fromV2(messageV2({ user: null, user_id: 5 })).senderName).toBeNull();
    expect(fromV2(messageV2({ user: null, user_id: 5 })).senderId).toBe(5);
  });

  it('shows file, sender and sticker names without bidirectional controls (no "invoiceexe.png" from "invoice\\u202Egnp.exe")', () => {
    const v1 = fromV1(messageV1({ type: 'file', from_user_name: 'Budi\u202E Santoso', file: { id: 3, file_name: 'invoice\u202Egnp.exe', file_url: 'https://f.example/raw' } }));
    const v2 = fromV2(messageV2({ message_type: 'file', file_name: 'invoice\u2067gnp.exe\u2069', file_url: 'https://f.example/raw', user: { id: 3, first_name: '\u202DBudi', last_name: 'Santoso\u200F' } }));
    expect(v1.file?.name).toBe('invoicegnp.exe');
    expect(v2.file?.name).toBe('invoicegnp.exe');
    expect(v1.senderName).toBe('Budi Santoso');
    expect(v2.senderName).toBe('Budi Santoso');
    expect(fromV1(messageV1({ type: 'file', file: { id: 3, file_name: '\u202E', file_url: 'https://f.example/raw' } })).file?.name).toBe('file');
    expect(fromV1(messageV1({ type: 'sticker', sticker: { id: 1, name: 'wave\u202Eevaw', image_url: 'https://s.example/w.png' } })).sticker?.name).toBe('waveevaw');
  });
});

describe('what the contract leaves optional', () => {
  it('leaves out a message without a uuid (nothing could name it), and reads one without an id by its uuid', () => {
    const noUuid = { ...messageV1(), uuid: undefined };
    const noUuidV2 = { ...messageV2(), uuid: undefined };
    expect(mapV1(noUuid)).toBeNull();
    expect(mapV2(noUuidV2)).toBeNull();
    expect(mapMessages([noUuid, messageV1({ uuid: 'kept' })], mapV1).map((message) => message.uuid)).toEqual(['kept']);
    expect(fromV1({ ...messageV1({ uuid: 'no-id' }), id: undefined }).uuid).toBe('no-id');
  });

  it('takes a v2 message without message_type as a file when it has one, else as text', () => {
    expect(fromV2({ ...messageV2({ file_name: 'a.pdf', file_url: 'https://files.example/a.pdf' }), message_type: undefined }).kind).toBe('file');
    expect(fromV2({ ...messageV2({ message_content: 'hi' }), message_type: undefined }).kind).toBe('text');
  });

  it('shows a poll without its id, or options without theirs, but cannot be voted on', () => {
    const message = fromV2(messageV2({ message_type: 'vote', vote: { question: 'Lunch?', options: [{ option_text: 'Rice', votes_count: 2 }] } as never }));
    expect(message.poll).toMatchObject({ id: null, question: 'Lunch?', total: 2, options: [{ id: null, text: 'Rice', count: 2 }] });
  });
});

describe('roomTitle', () => {
  it("shows a group's name and a direct chat's other person", () => {
    expect(roomTitle({ type: 'group', name: ' Payroll team ', individual_name: 'x' })).toBe('Payroll team');
    expect(roomTitle({ type: 'group', name: '  ', individual_name: 'Fallback' })).toBe('Fallback');
    expect(roomTitle({ type: 'individual', name: 'ignored', individual_name: 'Budi Santoso' })).toBe('Budi Santoso');
    expect(roomTitle({ type: 'individual', individual_name: null, to_user_name: 'Citra' })).toBe('Citra');
    expect(roomTitle({ type: 'individual' })).toBe('');
  });

  it('shows room names without bidirectional controls', () => {
    expect(roomTitle({ type: 'group', name: 'HR \u202Eeciffo' })).toBe('HR eciffo');
    expect(roomTitle({ type: 'group', name: '\u2066\u2069', individual_name: 'Fallback' })).toBe('Fallback');
    expect(roomTitle({ type: 'individual', individual_name: 'Citra\u202B Dewi' })).toBe('Citra Dewi');
  });
});
