// The chat sandbox's memory: rooms, their members, one message list per room (v1 and v2 answers are
// both mapped from it, see views.ts) and each member's own view of a room (unread count, mute, pin,
// deleted-for-me), a group's admins, description, avatar and settings, and the polls posted in rooms.
// Everything lives in this object, so a fresh sandbox starts from the seed again.
import { createHash, randomUUID } from 'node:crypto';

export type RoomType = 'individual' | 'group';
export type MessageKind = 'text' | 'file' | 'sticker' | 'system' | 'vote' | 'call';

/** How a call ended, on the line it leaves in its room (the contract's ChatCallSummary). */
export interface CallSummary {
  callId: number;
  status: 'ended' | 'missed' | 'declined' | 'no_answer';
  durationSeconds: number | null;
  startedAt: string;
  endedAt: string;
  callerId: number;
  /** Started as a voice call (the start request's call_type). */
  voice?: boolean;
}

export interface StoredFile {
  id: number;
  uuid: string;
  name: string;
  mimeType: string;
  size: number;
  bytes: Uint8Array;
}

export interface StoredMessage {
  id: number;
  uuid: string;
  roomId: number;
  userId: number;
  kind: MessageKind;
  content: string | null;
  file: StoredFile | null;
  stickerId: number | null;
  clientMessageId: string | null;
  replyTo: string | null;
  edited: boolean;
  pinnedAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  /** The poll a `vote` message shows. */
  poll?: Poll;
  /** How the call a `call` message is the line of ended. */
  call?: CallSummary;
  /** Who reacted, and with which reaction (one per member; issue 24). */
  reactions?: Map<number, ReactionType>;
  /** Forwarded from another room (issue 24). */
  forwarded?: boolean;
}

/** The contract's fixed set of reactions (ReactionType). */
export const REACTIONS = ['like', 'love', 'laugh', 'celebrate', 'thanks', 'sad'] as const;
export type ReactionType = (typeof REACTIONS)[number];

export interface PollOption {
  id: number;
  text: string;
  /** Voter → when they chose this option, in the order they voted. */
  votes: Map<number, string>;
}

export interface Poll {
  id: number;
  roomId: number;
  messageUuid: string;
  question: string;
  allowMultiple: boolean;
  anonymous: boolean;
  expiresAt: string | null;
  createdBy: number;
  createdAt: string;
  options: PollOption[];
}

/** Who may see or join a group, by organisation (string ids, as the contract's GroupSettings). */
export interface GroupSettings {
  business_units: string[];
  companies: string[];
  outlets: string[];
}

export interface MemberState {
  unread: number;
  muted: boolean;
  pinnedAt: string | null;
  /** Deleted for this member only; a newer message brings the room back. */
  deletedAt: string | null;
  /** The id of the newest message this member has read (v2 `is_read`). */
  readUpTo: number;
  /** When readUpTo moved, oldest first (a message's read receipt: the first mark at or past it). */
  readMarks?: Array<{ upTo: number; at: string }>;
  joinedAt: string;
}

export interface Room {
  id: number;
  uuid: string;
  type: RoomType;
  /** Group name; null for a direct room (its name is the other party's). */
  name: string | null;
  /** The creator first; for a direct room [from, to]. Members who left are removed. */
  members: number[];
  /** Everyone who ever was a member (a direct room keeps its two people). */
  founders: readonly number[];
  isHr: boolean;
  isUrgent: boolean;
  createdAt: string;
  /** Group admins (the creator first); only members count, see isAdmin. */
  admins: Set<number>;
  description: string | null;
  avatar: StoredFile | null;
  settings: GroupSettings;
  messages: StoredMessage[];
  /** Message uuid → index in `messages` (the 10,000-message room is looked up often). */
  index: Map<string, number>;
  state: Map<number, MemberState>;
}

export const iso = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The user's chat home record id: the contract example's 880 for Ayu, a fixed one for everyone else. */
export const chatHomeId = (userId: number) => (userId === 42 ? 880 : 800 + userId);

/**
 * The socket.io event name the user's app listens on. Ayu's is the contract example's (and the
 * realtime mock's default); the others are fixed per user so a reload keeps listening on the same one.
 */
export function websocketIdOf(userId: number): string {
  if (userId === 42) return 'live-chat-home-42-9f8e7d6c';
  const hex = createHash('sha256').update(`sandbox-chat-home-${userId}`).digest('hex').slice(0, 8);
  return `live-chat-home-${userId}-${hex}`;
}

/** The user whose chat home has this websocket id (websocketIdOf's inverse); undefined for any other name. */
export function userIdOfWebsocketId(websocketId: string): number | undefined {
  const id = Number(/^live-chat-home-(\d+)-[0-9a-f]{8}$/.exec(websocketId)?.[1]);
  return Number.isInteger(id) && websocketIdOf(id) === websocketId ? id : undefined;
}

type Extras = 'messages' | 'index' | 'state' | 'founders' | 'admins' | 'description' | 'avatar' | 'settings';
export type NewRoom = Omit<Room, Extras> & Partial<Pick<Room, 'description' | 'avatar' | 'settings'>> & { admins?: number[] };

export const freshState = (joinedAt: string, readUpTo = 0): MemberState => ({ unread: 0, muted: false, pinnedAt: null, deletedAt: null, readUpTo, joinedAt });

export class ChatStore {
  readonly rooms: Room[] = [];
  readonly polls = new Map<number, Poll>();
  private readonly byUuid = new Map<string, Room>();
  private readonly byId = new Map<number, Room>();
  private nextMessageId = 100_000;
  private nextFileId = 6_000;
  private nextRoomId = 1_600;
  private nextPollId = 700;
  private nextOptionId = 7_000;

  /** A group's creator (its first member) is its admin unless `admins` says otherwise; a direct room has none. */
  addRoom(room: NewRoom): Room {
    const { admins, ...rest } = room;
    const full: Room = {
      description: null,
      avatar: null,
      settings: { business_units: [], companies: [], outlets: [] },
      ...rest,
      admins: new Set(admins ?? (room.type === 'group' ? room.members.slice(0, 1) : [])),
      founders: [...room.members],
      messages: [],
      index: new Map(),
      state: new Map(),
    };
    for (const member of room.members) full.state.set(member, freshState(room.createdAt));
    this.rooms.push(full);
    this.byUuid.set(full.uuid, full);
    this.byId.set(full.id, full);
    this.nextRoomId = Math.max(this.nextRoomId, full.id + 1);
    return full;
  }

  newRoomId(): number {
    return this.nextRoomId++;
  }

  room(uuid: string): Room | undefined {
    return this.byUuid.get(uuid);
  }

  roomById(id: number): Room | undefined {
    return this.byId.get(id);
  }

  /** Appends a message as it is (the seed gives ids and uuids; new ones get the next id and a random uuid). */
  append(room: Room, message: Omit<StoredMessage, 'id' | 'uuid' | 'roomId'> & { id?: number; uuid?: string }): StoredMessage {
    const stored: StoredMessage = { ...message, id: message.id ?? this.nextMessageId++, uuid: message.uuid ?? randomUUID(), roomId: room.id };
    this.nextMessageId = Math.max(this.nextMessageId, stored.id + 1);
    room.index.set(stored.uuid, room.messages.length);
    room.messages.push(stored);
    return stored;
  }

  /** A poll with fresh ids for it and its options; `messageUuid` is the message that will show it. */
  addPoll(poll: Omit<Poll, 'id' | 'options'> & { options: string[] }): Poll {
    const stored: Poll = { ...poll, id: this.nextPollId++, options: poll.options.map((text) => ({ id: this.nextOptionId++, text, votes: new Map() })) };
    this.polls.set(stored.id, stored);
    return stored;
  }

  newFile(name: string, mimeType: string, bytes: Uint8Array): StoredFile {
    return { id: this.nextFileId++, uuid: randomUUID(), name, mimeType, size: bytes.byteLength, bytes };
  }

  message(room: Room, uuid: string): StoredMessage | undefined {
    const at = room.index.get(uuid);
    return at === undefined ? undefined : room.messages[at];
  }

  /** The message and its room, wherever it is. */
  findMessage(uuid: string): { room: Room; message: StoredMessage } | undefined {
    for (const room of this.rooms) {
      const message = this.message(room, uuid);
      if (message) return { room, message };
    }
    return undefined;
  }

  /** A message's file or a group's avatar. */
  findFile(uuid: string): StoredFile | undefined {
    for (const room of this.rooms) {
      if (room.avatar?.uuid === uuid) return room.avatar;
      for (let at = room.messages.length - 1; at >= 0; at -= 1) {
        const file = room.messages[at]!.file;
        if (file?.uuid === uuid) return file;
      }
    }
    return undefined;
  }

  /** The message a resend with this client id refers to (the outbox retries after a lost answer). */
  byClientId(room: Room, clientMessageId: string): StoredMessage | undefined {
    for (let at = room.messages.length - 1; at >= 0; at -= 1) {
      if (room.messages[at]!.clientMessageId === clientMessageId) return room.messages[at];
    }
    return undefined;
  }
}

export const isMember = (room: Room, userId: number) => room.members.includes(userId);

/**
 * Whether a message adds to the others' unread counts: not a group event; of a call's lines only a
 * missed one's (nobody answered), as a missed call shows on a phone. Those who talked or declined know.
 */
export function countsAsUnread(message: Pick<StoredMessage, 'kind' | 'call'>): boolean {
  if (message.kind === 'call') return message.call?.status === 'missed' || message.call?.status === 'no_answer';
  return message.kind !== 'system';
}
export const isAdmin = (room: Room, userId: number) => room.admins.has(userId) && isMember(room, userId);

export function memberState(room: Room, userId: number): MemberState {
  let state = room.state.get(userId);
  if (!state) {
    state = freshState(room.createdAt);
    room.state.set(userId, state);
  }
  return state;
}

/** The newest message that is not deleted (the room's `last_message`), or undefined. */
export function lastMessage(room: Room): StoredMessage | undefined {
  for (let at = room.messages.length - 1; at >= 0; at -= 1) {
    const message = room.messages[at]!;
    if (!message.deletedAt) return message;
  }
  return undefined;
}

/** When the room last changed, for the home list's order. */
export const lastActivity = (room: Room) => room.messages.at(-1)?.createdAt ?? room.createdAt;

/** Rooms the user sees on the chat home: a member's, not deleted for them (unless a newer message came). */
export function visibleRooms(store: ChatStore, userId: number): Room[] {
  return store.rooms
    .filter((room) => isMember(room, userId) && !memberState(room, userId).deletedAt)
    .sort((a, b) => {
      const pinA = memberState(a, userId).pinnedAt;
      const pinB = memberState(b, userId).pinnedAt;
      if (Boolean(pinA) !== Boolean(pinB)) return pinA ? -1 : 1;
      return lastActivity(b).localeCompare(lastActivity(a));
    });
}
