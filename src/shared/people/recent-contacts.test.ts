// Issue 37, item 2: the recent and frequent contacts offered before a people search is typed, from the
// chat home's direct chats (and the Call tab's calls).
import { describe, expect, it } from 'vitest';
import { recentContacts, type RecentRoom } from './recent-contacts.ts';

const ME = 42;
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 30, 8, 0) - minutesAgo * 60_000).toISOString();
const direct = (uuid: string, other: { id: number; name: string }, iStarted: boolean, minutesAgo: number, extra: Partial<RecentRoom> = {}): RecentRoom => ({
  uuid,
  type: 'individual',
  individual_name: other.name,
  from: iStarted ? ME : other.id,
  to: iStarted ? other.id : ME,
  from_user_name: iStarted ? 'Ayu Lestari' : other.name,
  to_user_name: iStarted ? other.name : 'Ayu Lestari',
  from_user_avatar: iStarted ? null : `/avatars/${other.id}.png`,
  to_user_avatar: iStarted ? `/avatars/${other.id}.png` : null,
  last_message: { created_at: at(minutesAgo) },
  ...extra,
});
const BUDI = { id: 43, name: 'Budi Santoso' };
const CITRA = { id: 57, name: 'Citra Dewi' };
const RIZKY = { id: 61, name: 'Rizky Pratama' };

describe('recentContacts', () => {
  it("lists each direct chat's other person, most recent first, whoever started the chat, with their picture and room", () => {
    const contacts = recentContacts([{ room: direct('r-budi', BUDI, true, 30) }, { room: direct('r-citra', CITRA, false, 5) }], ME);
    expect(contacts.map(({ userId, name, avatar, roomUuid }) => ({ userId, name, avatar, roomUuid }))).toEqual([
      { userId: 57, name: 'Citra Dewi', avatar: '/avatars/57.png', roomUuid: 'r-citra' },
      { userId: 43, name: 'Budi Santoso', avatar: '/avatars/43.png', roomUuid: 'r-budi' },
    ]);
  });

  it('leaves out groups, HR chats and a person whose id the answer does not give', () => {
    const contacts = recentContacts(
      [
        { room: { uuid: 'r-team', type: 'group', name: 'Team' } },
        { room: direct('r-hr', RIZKY, true, 1, { is_chat_with_hr: 1 }) },
        { room: direct('r-citra', CITRA, false, 2, { from: null }) },
        { room: direct('r-budi', BUDI, true, 3) },
      ],
      ME,
    );
    expect(contacts.map((contact) => contact.name)).toEqual(['Budi Santoso']);
  });

  it('lists a person met in several places once, at their latest time; the more frequent first among equally recent', () => {
    const contacts = recentContacts(
      [
        { room: direct('r-budi', BUDI, true, 60) },
        { room: direct('r-citra', CITRA, false, 60) },
        { room: direct('r-citra', CITRA, false, 60), at: at(60) },
        { room: direct('r-rizky', RIZKY, true, 90), at: at(1) },
      ],
      ME,
    );
    expect(contacts.map((contact) => [contact.name, contact.times])).toEqual([
      ['Rizky Pratama', 1],
      ['Citra Dewi', 2],
      ['Budi Santoso', 1],
    ]);
  });

  it('offers at most eight', () => {
    const rooms = Array.from({ length: 12 }, (_, index) => ({ room: direct(`r-${index}`, { id: 100 + index, name: `Person ${index}` }, true, index) }));
    expect(recentContacts(rooms, ME).map((contact) => contact.name)).toEqual(Array.from({ length: 8 }, (_, index) => `Person ${index}`));
  });
});
