import { describe, expect, it } from 'vitest';
import { myReaction, withMyReaction } from './message-extras.ts';

describe('reactions before the server answers (issue 24)', () => {
  const liked = [
    { reaction: 'like' as const, count: 3, mine: true },
    { reaction: 'sad' as const, count: 1, mine: false },
  ];

  it('a new reaction replaces the user\'s own: one less of the old, one more of the new, in the fixed order', () => {
    expect(withMyReaction(liked, 'love')).toEqual([
      { reaction: 'like', count: 2, mine: false },
      { reaction: 'love', count: 1, mine: true },
      { reaction: 'sad', count: 1, mine: false },
    ]);
  });

  it('taking it away drops a reaction nobody has left', () => {
    expect(withMyReaction([{ reaction: 'laugh', count: 1, mine: true }], null)).toEqual([]);
    expect(withMyReaction(liked, null)).toEqual([
      { reaction: 'like', count: 2, mine: false },
      { reaction: 'sad', count: 1, mine: false },
    ]);
  });

  it('joins others on theirs, and knows the user\'s own', () => {
    expect(withMyReaction([{ reaction: 'sad', count: 1, mine: false }], 'sad')).toEqual([{ reaction: 'sad', count: 2, mine: true }]);
    expect(myReaction({ reactions: liked })).toBe('like');
    expect(myReaction({ reactions: [] })).toBeNull();
    expect(myReaction({})).toBeNull();
  });
});
