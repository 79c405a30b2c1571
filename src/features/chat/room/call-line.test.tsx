// @vitest-environment happy-dom
// The line a call leaves in its chat room (issue 23, item 4): a centred system line with a phone icon,
// no bubble and no message menu, worded for the reader from how the call ended ("Missed call", "Video
// call · 12 min", "Video call · 45 s", "Video call · No answer" for the caller, "Video call · Declined"),
// in English and Indonesian; both API versions' messages become it; the chat list's preview of such a last
// message reads the same words, live updates included.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getChatHomeQueryKey } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatHomeResponse } from '../../../../generated/http/types.gen.ts';
import { I18nProvider, useTranslation } from '../../../shared/i18n/react.tsx';
import { createTranslator, type TranslationTree, type Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { applyLiveUpdate } from '../api/rooms.ts';
import { fromV1, fromV2, type ChatRoom, type RoomMessage } from '../api/message-model.ts';
import { ChatRoomRow, useRowTexts } from '../list/chat-room-row.tsx';
import { MessageBubble } from './message-bubble.tsx';

const texts = (language: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../../public/assets/i18n/${language}.json`), 'utf8')) as TranslationTree;

const i18nIn = (language: 'en' | 'id'): Translator =>
  createTranslator({ language, fallbackLanguage: 'en', resources: { en: texts('en'), id: texts('id') } });

const english = i18nIn('en');
const indonesian = i18nIn('id');
afterEach(cleanup);

/** Budi's line of a call Ayu (42) started: `own` is whether the reader is the caller. */
const line = (call: RoomMessage['call'], own: boolean, text: string | null = 'Video call'): RoomMessage => ({
  id: 9,
  uuid: 'call-line-1',
  clientId: null,
  senderId: 42,
  senderName: 'Ayu Lestari',
  senderAvatar: null,
  own,
  kind: 'call',
  text,
  file: null,
  sticker: null,
  poll: null,
  call,
  createdAt: '2026-11-20T10:22:08Z',
  pinnedAt: null,
  edited: false,
  deleted: false,
});

/** The message as the room shows it (the line's code comes with the room's message parts: awaited). */
function show(message: RoomMessage, language = english) {
  render(
    <I18nProvider i18n={language}>
      <MessageBubble message={message} showSender isGroup highlighted={false} />
    </I18nProvider>,
  );
  return screen.findByTestId('message');
}

/** The line's words, without its time. */
const words = (element: HTMLElement) => element.querySelector('span')?.textContent;

describe("a call's line in the room", () => {
  it.each([
    ['a call someone answered, 12 min 3 s', { status: 'ended', duration_seconds: 723 }, true, 'Video call · 12 min'],
    ['the same, for the one called', { status: 'ended', duration_seconds: 723 }, false, 'Video call · 12 min'],
    ['a call under a minute', { status: 'ended', duration_seconds: 45 }, false, 'Video call · 45 s'],
    ['a call over an hour', { status: 'ended', duration_seconds: 3900 }, true, 'Video call · 1 h 5 min'],
    ['a call nobody answered, for the one called', { status: 'no_answer', duration_seconds: null }, false, 'Missed call'],
    ['a call nobody answered, for the caller', { status: 'no_answer', duration_seconds: null }, true, 'Video call · No answer'],
    ['a call the caller gave up on, for the one called', { status: 'missed', duration_seconds: null }, false, 'Missed call'],
    ['a call the caller gave up on, for the caller', { status: 'missed', duration_seconds: null }, true, 'Video call · No answer'],
    ['a declined call', { status: 'declined', duration_seconds: null }, true, 'Video call · Declined'],
    ['a status the app does not know', { status: 'on_hold', duration_seconds: 5 }, false, 'Video call'],
    ['a voice call someone answered', { status: 'ended', duration_seconds: 723, call_type: 'voice' }, false, 'Voice call · 12 min'],
    ['a voice call nobody answered, for the caller', { status: 'no_answer', duration_seconds: null, call_type: 'voice' }, true, 'Voice call · No answer'],
    ['a voice call nobody answered, for the one called', { status: 'no_answer', duration_seconds: null, call_type: 'voice' }, false, 'Missed call'],
    ['a declined voice call', { status: 'declined', duration_seconds: null, call_type: 'voice' }, true, 'Voice call · Declined'],
    ['a call of a kind the app does not know', { status: 'ended', duration_seconds: 45, call_type: 'hologram' }, false, 'Video call · 45 s'],
  ])('%s reads "%s"', async (_case, call, own, expected) => {
    const element = await show(line(call, own));
    expect(words(element)).toBe(expected);
    expect(element.dataset.kind).toBe('call');
    expect(element.className).toMatch(/systemLine/);
    expect(element.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:22:08Z');
    expect(element.hasAttribute('tabindex')).toBe(false); // a call's line has no actions
    expect(screen.queryByText('Ayu Lestari')).toBeNull();
  });

  it('shows a phone icon, and a missed call in the danger colour with the missed-call icon', async () => {
    const answered = await show(line({ status: 'ended', duration_seconds: 60 }, false));
    expect(answered.querySelector('svg.lucide-phone')).not.toBeNull();
    expect(answered.className).not.toMatch(/callMissed/);
    cleanup();
    const missed = await show(line({ status: 'no_answer', duration_seconds: null }, false));
    expect(missed.querySelector('svg.lucide-phone-missed')).not.toBeNull();
    expect(missed.className).toMatch(/callMissed/);
    cleanup();
    // The caller's unanswered call is not a missed call.
    expect((await show(line({ status: 'no_answer', duration_seconds: null }, true))).className).not.toMatch(/callMissed/);
  });

  it("without the server's summary shows its text, else \"Video call\"", async () => {
    expect(words(await show(line(null, false, 'Panggilan video dari server')))).toBe('Panggilan video dari server');
    cleanup();
    expect(words(await show(line(undefined, false, null)))).toBe('Video call');
  });

  it.each([
    [{ status: 'no_answer', duration_seconds: null }, false, 'Panggilan tak terjawab'],
    [{ status: 'no_answer', duration_seconds: null }, true, 'Panggilan video · Tidak dijawab'],
    [{ status: 'ended', duration_seconds: 723 }, false, 'Panggilan video · 12 mnt'],
    [{ status: 'ended', duration_seconds: 45 }, true, 'Panggilan video · 45 dtk'],
    [{ status: 'declined', duration_seconds: null }, false, 'Panggilan video · Ditolak'],
  ])('in Indonesian, %o (caller: %s) reads "%s"', async (call, own, expected) => {
    expect(words(await show(line(call, own), indonesian))).toBe(expected);
  });
});

describe('both API versions', () => {
  it("make a call message of v1's type call and v2's message_type call, with the summary", () => {
    const call = { status: 'ended', duration_seconds: 723, caller_id: 42, started_at: '2026-11-20T10:10:00Z', ended_at: '2026-11-20T10:22:08Z' };
    const v1 = fromV1({ id: 9, uuid: 'u-1', type: 'call', chat_room_call_id: 3151, call, message_content: 'Video call · 12 min', is_owner: 1, user_id: 42 });
    const v2 = fromV2({ id: 9, uuid: 'u-1', message_type: 'call', chat_room_call_id: 3151, call, message_content: 'Video call · 12 min', is_owner: false, chat_room_id: 1, chat_room_uuid: 'r', user_id: 42 });
    expect(v1).toMatchObject({ kind: 'call', own: true, call });
    expect(v2).toMatchObject({ kind: 'call', own: false, call, file: null });
    // A server that sends only the id still gets a call line.
    expect(fromV2({ uuid: 'u-2', chat_room_call_id: 3151, message_content: 'Missed call', chat_room_id: 1, chat_room_uuid: 'r', user_id: 42 })?.kind).toBe('call');
  });
});

const ROOM: ChatRoom = {
  id: 1201,
  uuid: 'room-budi',
  type: 'individual',
  individual_name: 'Budi Santoso',
  meta: { unread_messages: 1 },
  last_message: { message_content: 'Missed call', created_at: '2026-11-20T10:22:08Z', is_owner: false, type: 'call', call: { status: 'no_answer', duration_seconds: null } },
};

function Row({ room }: { room: ChatRoom }) {
  const { t, i18n } = useTranslation();
  return <ChatRoomRow room={room} to="/chats/chat?uuid=room-budi" texts={useRowTexts(t, i18n.language)} myUserId={43} />;
}

const showRow = (room: ChatRoom, language = english) =>
  render(
    <I18nProvider i18n={language}>
      <Row room={room} />
    </I18nProvider>,
  ).getByTestId('chat-room-row');

describe("the chat list's preview of a call's line", () => {
  it('reads the same words as the line, for each reader, without "You:"', () => {
    expect(showRow(ROOM).textContent).toContain('Missed call');
    cleanup();
    const mine = showRow({ ...ROOM, last_message: { ...ROOM.last_message!, is_owner: true } });
    expect(mine.textContent).toContain('Video call · No answer');
    expect(mine.textContent).not.toContain('You:');
    cleanup();
    expect(showRow({ ...ROOM, last_message: { ...ROOM.last_message!, call: { status: 'ended', duration_seconds: 723 } } }, indonesian).textContent).toContain('Panggilan video · 12 mnt');
  });

  it("is never blank: a call's line without text or summary reads \"Video call\"", () => {
    expect(showRow({ ...ROOM, last_message: { message_content: null, created_at: '2026-11-20T10:22:08Z', is_owner: false, type: 'call' } }).textContent).toContain('Video call');
  });

  it('follows a live update that brings a call line', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData<ChatHomeResponse>(getChatHomeQueryKey(), { chat_home: { id: 880, user_id: 43, websocket_id: 'w', groupChatUuids: [], is_chat_admin: false }, chat_rooms: [{ ...ROOM, last_message: { message_content: 'Sampai besok', created_at: '2026-11-20T09:00:00Z', is_owner: true } }] });
    applyLiveUpdate(
      queryClient,
      {
        roomId: 1201,
        roomUuid: 'room-budi',
        unread: 1,
        lastMessage: { content: 'Missed call', createdAt: '2026-11-20T10:22:08Z', fromCurrentUser: false, type: 'call', call: { status: 'missed', duration_seconds: null } },
        message: undefined,
      },
      null,
    );
    const room = queryClient.getQueryData<ChatHomeResponse>(getChatHomeQueryKey())!.chat_rooms![0]!;
    render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={indonesian}>
          <Row room={room} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('chat-room-row').textContent).toContain('Panggilan tak terjawab');
  });
});
