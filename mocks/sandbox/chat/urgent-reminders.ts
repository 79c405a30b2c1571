// Urgent chats re-notify until read (issue 24, as Teams does for an urgent message): a new message in
// a room with `is_urgent_chat` 1 is pushed at once to each other member, and then again every
// `intervalMs` (2 minutes) while they have not read it, at most `maxReminders` times (10: 20 minutes).
// Reading the room (v1 reset-meta, v2 read-message: their read mark reaches the message) stops it for
// that member, found at the next reminder; a newer message starts the member's series again. Leaving
// the room stops it too. Each push has one tag per room, so a reminder replaces the one before.
//
// SANDBOX_URGENT_REMINDER_MS and SANDBOX_URGENT_REMINDER_MAX change the numbers for `npm start`;
// tests set them per sandbox through POST /__sandbox/urgent-reminders.
import type { PushOutbox, PushPayload } from '../push-outbox.ts';
import { json, type SandboxRoute } from '../routes.ts';
import { memberState, type Room, type StoredMessage } from './store.ts';
import { nameOf } from './views.ts';

export interface UrgentReminderConfig {
  intervalMs: number;
  maxReminders: number;
}

export const DEFAULT_URGENT_REMINDERS: UrgentReminderConfig = { intervalMs: 2 * 60_000, maxReminders: 10 };

function configFromEnv(env: NodeJS.ProcessEnv): UrgentReminderConfig {
  const interval = Number(env.SANDBOX_URGENT_REMINDER_MS);
  const max = Number(env.SANDBOX_URGENT_REMINDER_MAX);
  return {
    intervalMs: Number.isInteger(interval) && interval > 0 ? interval : DEFAULT_URGENT_REMINDERS.intervalMs,
    maxReminders: Number.isInteger(max) && max >= 0 ? max : DEFAULT_URGENT_REMINDERS.maxReminders,
  };
}

export interface UrgentReminders {
  /** A message was added to a room (every new message passes here; only urgent rooms' count). */
  messageAdded(room: Room, message: StoredMessage): void;
  config(): UrgentReminderConfig;
  /** Member series still running, as `roomUuid:userId`. */
  pending(): string[];
  /** Stops every series (the sandbox stopped or was reset). */
  stopAll(): void;
  routes: SandboxRoute[];
}

/** The route the push opens (through the app's safe-path) and the room it names. */
const roomTarget = (room: Room): PushPayload['data'] => ({ target_page: '/chats/chat', nav_params: { uuid: room.uuid } });

function payloadFor(room: Room, message: StoredMessage, reminder: number): PushPayload {
  const text = message.content?.trim() || message.file?.name || 'New message';
  const roomName = room.name ?? nameOf(message.userId);
  return {
    title: reminder === 0 ? `Urgent: ${roomName}` : `Urgent, still unread (${reminder}): ${roomName}`,
    body: `${nameOf(message.userId)}: ${text}`,
    tag: `urgent-${room.uuid}`,
    require_interaction: true,
    ...(reminder > 0 ? { renotify: true } : {}),
    data: roomTarget(room),
  };
}

export function createUrgentReminders({ outbox, env = process.env }: { outbox: Pick<PushOutbox, 'push'>; env?: NodeJS.ProcessEnv }): UrgentReminders {
  let config = configFromEnv(env);
  const series = new Map<string, ReturnType<typeof setTimeout>>();

  const stop = (key: string) => {
    clearTimeout(series.get(key));
    series.delete(key);
  };

  const unread = (room: Room, member: number, message: StoredMessage) =>
    room.members.includes(member) && !message.deletedAt && memberState(room, member).readUpTo < message.id;

  const schedule = (room: Room, member: number, message: StoredMessage, reminder: number) => {
    const key = `${room.uuid}:${member}`;
    if (reminder > config.maxReminders) return stop(key);
    const timer = setTimeout(() => {
      series.delete(key);
      if (!unread(room, member, message)) return;
      outbox.push(member, payloadFor(room, message, reminder));
      schedule(room, member, message, reminder + 1);
    }, config.intervalMs);
    timer.unref?.();
    series.set(key, timer);
  };

  return {
    messageAdded(room, message) {
      if (!room.isUrgent || message.kind === 'system' || message.kind === 'call') return;
      for (const member of room.members) {
        if (member === message.userId) continue;
        const key = `${room.uuid}:${member}`;
        stop(key);
        outbox.push(member, payloadFor(room, message, 0));
        schedule(room, member, message, 1);
      }
    },
    config: () => ({ ...config }),
    pending: () => [...series.keys()],
    stopAll() {
      for (const key of [...series.keys()]) stop(key);
    },
    routes: [
      {
        method: 'GET',
        path: '/__sandbox/urgent-reminders',
        handle: () => json({ interval_ms: config.intervalMs, max_reminders: config.maxReminders, pending: [...series.keys()] }),
      },
      {
        // Sandbox-only, for tests: `{ interval_ms, max_reminders }` (either); the series already running keep theirs until their next reminder.
        method: 'POST',
        path: '/__sandbox/urgent-reminders',
        handle: async (context) => {
          const body = await context.body();
          const interval = Number(body.interval_ms);
          const max = Number(body.max_reminders);
          config = {
            intervalMs: Number.isInteger(interval) && interval >= 50 ? interval : config.intervalMs,
            maxReminders: Number.isInteger(max) && max >= 0 && max <= 100 ? max : config.maxReminders,
          };
          return json({ interval_ms: config.intervalMs, max_reminders: config.maxReminders });
        },
      },
    ],
  };
}
