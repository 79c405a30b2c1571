import { describe, expect, it } from 'vitest';
import type { RemoteParticipant } from '../media/call-media.ts';
import { fitCount, MIN_TILE_HEIGHT, MIN_TILE_WIDTH, planStage, speakerOf, spotlightContent, visibleVideos, type StageSize } from './stage-layout.ts';

/** The stage's content box in the built app: a 390 x 844 phone, and a 1280 x 800 window (measured in Chromium). */
const PHONE_STAGE: StageSize = { width: 374, height: 647 };
const DESKTOP_STAGE: StageSize = { width: 1208, height: 587 };

const remote = (id: string, extra: Partial<RemoteParticipant> = {}): RemoteParticipant => ({ id, stream: undefined, state: 'connected', ...extra });
const many = (count: number) => Array.from({ length: count }, (_, index) => remote(String(100 + index)));

describe('fitCount', () => {
  it('counts the tiles of at least `min` px that fit with 8 px gaps, at least one', () => {
    expect(fitCount(374, 150)).toBe(2);
    expect(fitCount(466, 150)).toBe(3);
    expect(fitCount(465, 150)).toBe(2);
    expect(fitCount(20, 150)).toBe(1);
  });
});

describe('planStage', () => {
  it('one other person fills the stage, two or three share a grid, nobody is empty', () => {
    expect(planStage(PHONE_STAGE, 0, false).kind).toBe('empty');
    expect(planStage(PHONE_STAGE, 1, false).kind).toBe('solo');
    expect(planStage(PHONE_STAGE, 2, false).kind).toBe('grid');
    expect(planStage(PHONE_STAGE, 3, false).kind).toBe('grid');
  });

  it('a shared screen always gets the spotlight, even from the only other person', () => {
    expect(planStage(PHONE_STAGE, 1, true)).toMatchObject({ kind: 'spotlight', pages: 1, rowsShown: 1 });
  });

  it('beside a shared screen the own preview is the strip\'s first tile on every page, not over the screen', () => {
    expect(planStage(PHONE_STAGE, 6, true, true)).toMatchObject({ kind: 'spotlight', ownTile: true, columns: 2, rows: 2, perPage: 3, pages: 2 });
    expect(planStage(PHONE_STAGE, 4, true, true)).toMatchObject({ ownTile: true, rows: 3, rowsShown: 3, perPage: 5, pages: 1 });
    expect(planStage(DESKTOP_STAGE, 3, true, true)).toMatchObject({ strip: 'beside', ownTile: true, columns: 1, rowsShown: 4, perPage: 4, pages: 1 });
    // Without a shared screen it stays in the large tile's corner.
    expect(planStage(PHONE_STAGE, 6, false, true)).toMatchObject({ ownTile: false, perPage: 6 });
    // Where a page has a single cell, it cannot take it.
    expect(planStage({ width: 828, height: 230 }, 6, true, true)).toMatchObject({ ownTile: false, perPage: 1 });
  });

  it('on a phone: the speaker above a strip of 2 columns of tiles of at least 150 x 110 px, as many rows as fit, paged with 2 x 2 a page', () => {
    const four = planStage(PHONE_STAGE, 4, false);
    expect(four).toMatchObject({ kind: 'spotlight', strip: 'below', columns: 2, rows: 3, rowsShown: 2, perPage: 6, pages: 1 });
    // Six others: the speaker and all five others, no pages.
    const six = planStage(PHONE_STAGE, 6, false);
    expect(six).toMatchObject({ strip: 'below', columns: 2, rows: 3, rowsShown: 3, perPage: 6, pages: 1 });
    // Seven: the pager takes a row's room.
    expect(planStage(PHONE_STAGE, 8, false)).toMatchObject({ strip: 'below', columns: 2, rows: 2, perPage: 4, pages: 2 });
    const twenty = planStage(PHONE_STAGE, 20, false);
    expect(twenty).toMatchObject({ strip: 'below', columns: 2, rows: 2, perPage: 4, pages: 5 });
    if (twenty.kind !== 'spotlight') throw new Error('spotlight expected');
    expect(twenty.tileWidth).toBeGreaterThanOrEqual(MIN_TILE_WIDTH);
    expect(twenty.tileHeight).toBeGreaterThanOrEqual(MIN_TILE_HEIGHT);
    // The strip and its pager leave the speaker at least 45 % of the stage.
    const strip = twenty.rowsShown * twenty.tileHeight + (twenty.rowsShown - 1) * 8 + 52;
    expect(PHONE_STAGE.height - strip - 8).toBeGreaterThanOrEqual(PHONE_STAGE.height * 0.45);
  });

  it('on a wide window: the strip beside the speaker, more tiles a page', () => {
    const twenty = planStage(DESKTOP_STAGE, 20, false);
    expect(twenty).toMatchObject({ kind: 'spotlight', strip: 'beside', columns: 2, rows: 4, perPage: 8, pages: 3 });
    // Few enough for one column: the speaker keeps the rest of the width.
    expect(planStage(DESKTOP_STAGE, 4, false)).toMatchObject({ strip: 'beside', columns: 1, rowsShown: 3, pages: 1 });
  });

  it('a phone turned sideways puts the strip beside too: one tile a page when only one fits', () => {
    expect(planStage({ width: 828, height: 230 }, 6, false)).toMatchObject({ strip: 'beside', columns: 1, rows: 1, perPage: 1, pages: 5 });
    expect(planStage({ width: 828, height: 230 }, 2, true)).toMatchObject({ strip: 'beside', columns: 1, rows: 2, perPage: 2, pages: 1 });
  });
});

describe('speakerOf', () => {
  const people = many(4);
  it('is who speaks now, else who spoke last and is still there, else the first to join', () => {
    expect(speakerOf(people, '102', '101')?.id).toBe('102');
    expect(speakerOf(people, undefined, '101')?.id).toBe('101');
    expect(speakerOf(people, undefined, 'gone')?.id).toBe('100');
    expect(speakerOf(people, 'gone', undefined)?.id).toBe('100');
    expect(speakerOf([], undefined, undefined)).toBeUndefined();
  });
});

describe('spotlightContent', () => {
  it('the speaker large, the others in join order a page at a time; a page past the end shows the last', () => {
    const people = many(10);
    const content = spotlightContent(people, people[3], 4, 1);
    expect(content.large).toEqual({ remote: people[3], screen: false });
    expect(content.strip.map((entry) => entry.id)).toEqual(['100', '101', '102', '104', '105', '106', '107', '108', '109']);
    expect(content.page.map((entry) => entry.id)).toEqual(['105', '106', '107', '108']);
    expect(content.pages).toBe(3);
    expect(spotlightContent(people, people[3], 4, 9)).toMatchObject({ pageIndex: 2, page: [people[9]] });
  });

  it('a shared screen takes the large tile and the speaker joins the strip', () => {
    const people = [remote('100'), remote('101', { screen: {} as MediaStream }), remote('102')];
    const content = spotlightContent(people, people[2], 4, 0);
    expect(content.large).toEqual({ remote: people[1], screen: true });
    expect(content.page.map((entry) => entry.id)).toEqual(['100', '101', '102']);
  });
});

describe('visibleVideos', () => {
  it('names each member once, large when any of their pictures is', () => {
    expect(visibleVideos([{ id: '101', large: true }, { id: '100', large: false }, { id: '101', large: false }])).toEqual([
      { id: '101', large: true },
      { id: '100', large: false },
    ]);
  });
});
