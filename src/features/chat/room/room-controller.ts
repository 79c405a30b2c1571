// The open room's controller: everything a person does in a room goes through it — send, reply, edit,
// the outbox's retry and discard, a jump to a message, and (`run`, room-commands.ts, loaded after the
// first content) delete, pin, react, forward, copy, mute, delete the chat, leave — and it holds what the
// room's screen shows besides the messages (which view, which message is in focus, what the composer
// edits or answers, which sheet is open). The screen is layout: it renders this state; a bubble, a
// sheet or a poll calls the controller itself (from RoomControllerContext). A change to a message
// shows at once through the chat's store and is confirmed or undone by the server's answer
// (store/message-store.ts).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import type { TFunction } from '../../../shared/i18n/translator.ts';
import { retryImport } from '../../../shared/loading/retry-import.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import type { PollView, ReplyPreview, RoomMessage } from '../api/message-model.ts';
import type { RoomApi } from '../api/room-api.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { chatMessages, NEWEST, openAround, type ViewStart } from '../store/chat-messages.ts';
import type { RoomContext } from './room-commands.ts';

/** Which sheet of the room is open. */
export type Panel =
  | 'upload'
  | 'stickers'
  | 'files'
  | 'pinned'
  | 'participants'
  | { message: RoomMessage; view: 'actions' | 'readers'; at?: PointerAt | undefined }
  | { voters: PollView }
  | null;

/** Where a right-click opened a message's actions (the viewport's pixels): the menu opens there. */
export interface PointerAt {
  x: number;
  y: number;
}

export interface RoomState {
  /** Where the messages on show start: the newest, or around a message jumped to. */
  start: ViewStart;
  /** The message scrolled to and marked (a jump); the nonce repeats a jump to the same one. */
  focus: { uuid: string; nonce: number } | null;
  /** The own message the composer is editing. */
  editing: RoomMessage | null;
  /** The message the composer's next message answers. */
  replyingTo: ReplyPreview | null;
  panel: Panel;
}

export interface RoomControllerDeps {
  api: RoomApi;
  queryClient: QueryClient;
  /** The outbox, once its code has loaded (it loads beside the room's first page). */
  outbox: Promise<Outbox>;
}

/** What the controller needs of the screen it serves (the newest, `attach`). */
export interface RoomUi {
  /** Shows a failed call as SPEC §8 says. */
  fail(error: unknown): Promise<void> | void;
  /** Leaves the room for another screen (replacing it in the history). */
  navigate(path: string): void;
  t: TFunction;
}

export type Sticker = { id: number; name: string | null; imageUrl: string | null };

const replyPreviewOf = (message: RoomMessage): ReplyPreview => ({
  uuid: message.uuid,
  senderName: message.senderName,
  kind: message.kind,
  text: message.text?.slice(0, 200) || message.file?.name || message.poll?.question || null,
  deleted: false,
});

export type RoomController = ReturnType<typeof createRoomController>;

type Commands = typeof import('./room-commands.ts');
/** What a command takes after the room's context. */
type CommandArgs<Name extends keyof Commands> = Commands[Name] extends (context: RoomContext, ...args: infer Args) => unknown ? Args : never;

export function createRoomController({ api, queryClient, outbox }: RoomControllerDeps, firstUi: RoomUi) {
  let ui = firstUi;
  const fail = (error: unknown) => ui.fail(error);
  let state: RoomState = { start: NEWEST, focus: null, editing: null, replyingTo: null, panel: null };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<RoomState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  const toNewest = () => {
    if (state.start.anchor !== null) set({ start: NEWEST, focus: null });
  };

  return {
    api,
    outbox,
    fail,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getState: () => state,
    /** The screen's newest failure handler, navigation and texts. */
    attach(next: RoomUi) {
      ui = next;
    },

    /** The composer's text: the edit of the message being edited, else a new message (answering the one replied to) through the outbox. */
    async send(text: string) {
      const { editing, replyingTo } = state;
      if (editing && api.edit) {
        const edit = api.edit;
        const pending = chatMessages.change(api, editing.uuid, (message) => ({ ...message, text, edited: true }));
        try {
          const changed = await edit(editing.uuid, text);
          pending.confirm(changed ? () => changed : undefined);
          set({ editing: null });
        } catch (error) {
          // The composer keeps the text (the send failed).
          pending.undo();
          await fail(error);
          throw error;
        }
        return;
      }
      toNewest();
      await (await outbox).enqueue(api, replyingTo ? { kind: 'text', text, replyTo: replyingTo } : { kind: 'text', text });
      set({ replyingTo: null });
    },

    sendSticker(sticker: Sticker) {
      set({ panel: null });
      toNewest();
      outbox.then((ready) => ready.enqueue(api, { kind: 'sticker', text: '', sticker })).catch(fail);
    },

    /** The outbox's entry of a message that could not go: try again, or drop it. */
    retry: (clientId: string) => void outbox.then((ready) => ready.retry(clientId)).catch(fail),
    discard: (clientId: string) => void outbox.then((ready) => ready.remove(clientId)).catch(fail),

    startReply: (message: RoomMessage) => set({ editing: null, replyingTo: replyPreviewOf(message) }),
    cancelReply: () => set({ replyingTo: null }),
    startEdit: (message: RoomMessage) => set({ editing: message, replyingTo: null }),
    cancelEdit: () => set({ editing: null }),

    /**
     * Runs one of the room's commands (room-commands.ts: pin, delete, react, forward, copy, mute, delete
     * the chat, leave), its code loaded on the first (with the room's dialogs, after the first content).
     */
    async run<Name extends keyof Commands>(name: Name, ...args: CommandArgs<Name>): Promise<void> {
      const commands = await import('./room-commands.ts');
      const command = commands[name] as unknown as (context: RoomContext, ...rest: CommandArgs<Name>) => Promise<void>;
      await command({ api, queryClient, ui }, ...args);
    },

    /** Scrolls to a message, fetching the page that holds it when the view does not hold it. */
    async jumpTo(uuid: string) {
      try {
        if (!chatMessages.holds(api, state.start.anchor, uuid)) set({ start: await openAround(queryClient, api, uuid) });
        set({ focus: { uuid, nonce: (state.focus?.nonce ?? 0) + 1 } });
      } catch (error) {
        await fail(error);
      }
    },
    backToLatest: () => set({ start: NEWEST, focus: null }),
    clearFocus: () => set({ focus: null }),

    open: (panel: Panel) => set({ panel }),
    close: () => set({ panel: null }),
    /** A message's actions: a sheet (a tap, a long press, the keyboard), or a menu at the pointer (a right-click). */
    openActions: (message: RoomMessage, at?: PointerAt) => set({ panel: { message, view: 'actions', at } }),
    showReaders: (message: RoomMessage) => set({ panel: { message, view: 'readers' } }),
    showVoters: (message: RoomMessage) => message.poll && set({ panel: { voters: message.poll } }),
  };
}

export const RoomControllerContext = createContext<RoomController | null>(null);

/** The open room's controller (a part of a room's screen). */
export function useRoomController(): RoomController {
  const controller = useContext(RoomControllerContext);
  if (!controller) throw new Error('useRoomController: outside a chat room');
  return controller;
}

/** The controller of the room a screen opens, made once; its outbox's code loads beside the room's first page. */
export function useNewRoomController(api: RoomApi): RoomController {
  const queryClient = useQueryClient();
  const { controller: session } = useSession();
  const fail = useFailureHandler();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const ui = useMemo<RoomUi>(() => ({ fail, navigate: (path) => void navigate(path, { replace: true }), t }), [fail, navigate, t]);
  const [controller] = useState(() => {
    // A send made before the outbox's code has arrived waits for it, so nothing typed is lost; a
    // failure to load it shows on the send that needs it.
    const outbox = retryImport(() => import('../outbox/outbox-runner.ts')).then(({ ensureOutbox }) => ensureOutbox({ queryClient, currentUserId: () => session.getState().userData?.user?.id }));
    outbox.catch(() => undefined);
    return createRoomController({ api, queryClient, outbox }, ui);
  });
  useEffect(() => controller.attach(ui), [controller, ui]);
  return controller;
}
