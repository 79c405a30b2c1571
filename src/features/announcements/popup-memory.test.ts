import { describe, expect, it } from 'vitest';
import { runLogoutCleanups } from '../../shared/domain/logout-cleanup.ts';
import type { Announcement } from './api.ts';
import { popupMemory } from './popup-memory.ts';

const announcement = { id: 5, title: 'Town hall' } as Announcement;

describe('the pop-up memory at logout', () => {
  it('closes the open announcement and forgets what popped up (issue 19)', async () => {
    expect(popupMemory.open('42', announcement)).toBe(true);
    expect(popupMemory.open('42', announcement)).toBe(false);
    await runLogoutCleanups();
    expect(popupMemory.getOpen()).toBeNull();
    expect(popupMemory.open('42', announcement)).toBe(true);
    popupMemory.reset();
  });
});
