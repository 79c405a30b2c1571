import { describe, expect, it } from 'vitest';
import { otherPersonAvatar, otherPersonStarted } from './direct-room.ts';

const AYU = 42;
const BUDI = 43;
const AYU_PICTURE = 'https://cdn.example/avatars/42.jpg';
const BUDI_PICTURE = 'https://cdn.example/avatars/43.jpg';

// A direct room between Ayu and Budi as the server sends it: from_* is who started it, to_* the other.
const startedBy = (from: 'ayu' | 'budi', viewer: number) => {
  const [starter, other] = from === 'ayu' ? [AYU, BUDI] : [BUDI, AYU];
  const name = (id: number) => (id === AYU ? 'Ayu Lestari' : 'Budi Santoso');
  const picture = (id: number) => (id === AYU ? AYU_PICTURE : BUDI_PICTURE);
  return {
    type: 'individual',
    to: other,
    individual_name: name(viewer === AYU ? BUDI : AYU),
    from_user_name: name(starter),
    to_user_name: name(other),
    from_user_avatar: picture(starter),
    to_user_avatar: picture(other),
  };
};

describe("a direct room's other person", () => {
  it('is the one the chat was started with when I started it', () => {
    const room = startedBy('ayu', AYU);
    expect(otherPersonStarted(room, AYU)).toBe(false);
    expect(otherPersonAvatar(room, AYU)).toBe(BUDI_PICTURE);
  });

  it('is the one who started it when the other person did (not my own picture)', () => {
    const room = startedBy('budi', AYU);
    expect(otherPersonStarted(room, AYU)).toBe(true);
    expect(otherPersonAvatar(room, AYU)).toBe(BUDI_PICTURE);
  });

  it('is seen the right way round by both people of the same room', () => {
    const room = startedBy('budi', AYU);
    expect(otherPersonAvatar({ ...room, individual_name: 'Budi Santoso' }, AYU)).toBe(BUDI_PICTURE);
    expect(otherPersonAvatar({ ...room, individual_name: 'Ayu Lestari' }, BUDI)).toBe(AYU_PICTURE);
  });

  it('is told by the room name for me when the answer has no `to` or I am not known yet', () => {
    const room = { ...startedBy('budi', AYU), to: null };
    expect(otherPersonAvatar(room, AYU)).toBe(BUDI_PICTURE);
    expect(otherPersonAvatar(startedBy('budi', AYU), undefined)).toBe(BUDI_PICTURE);
    expect(otherPersonAvatar(startedBy('ayu', AYU), undefined)).toBe(BUDI_PICTURE);
  });

  it('has no picture in a group, with none sent, or without a room', () => {
    expect(otherPersonAvatar({ ...startedBy('ayu', AYU), type: 'group' }, AYU)).toBeNull();
    expect(otherPersonAvatar({ ...startedBy('budi', AYU), from_user_avatar: null }, AYU)).toBeNull();
    expect(otherPersonAvatar(undefined, AYU)).toBeNull();
  });
});
