// How the call stage lays out the other members (issue 23), as pure functions of the stage's measured
// size, so what fits is decided in one place and tested without a browser:
// - one other person fills the stage; two or three share it as a grid;
// - four or more, or anyone sharing a screen: the SPOTLIGHT. One large tile (the shared screen, else
//   the active speaker) and a strip of small tiles for the others: below it on a portrait stage
//   (phones), beside it on a landscape one (desktop). The strip holds what its area can (tiles at
//   least MIN_TILE_WIDTH x MIN_TILE_HEIGHT) and pages through the rest.
import type { RemoteParticipant, VisibleVideo } from '../media/call-media.ts';

export const MIN_TILE_WIDTH = 150;
export const MIN_TILE_HEIGHT = 110;
/** Between tiles (--space-2). */
export const TILE_GAP = 8;
/** The pager under the strip: a row of 44 px buttons and the gap above it. */
export const PAGER_HEIGHT = 52;
/** On a portrait stage the large tile keeps at least this share of the height (and 200 px). */
const LARGE_SHARE = 0.45;
const LARGE_MIN = 200;
/** On a landscape stage the strip takes at most this share of the width. */
const STRIP_SHARE = 0.3;

export interface StageSize {
  width: number;
  height: number;
}

export type StagePlan =
  | { kind: 'empty' | 'solo' | 'grid' }
  | {
      kind: 'spotlight';
      /** Where the strip sits: under the large tile (portrait) or at its side (landscape). */
      strip: 'below' | 'beside';
      /** The own preview is the strip's first tile on every page (a shared screen must not be covered). */
      ownTile: boolean;
      columns: number;
      /** Rows a page holds. */
      rows: number;
      /** Rows the first page fills (fewer when there are few tiles): the strip's height. */
      rowsShown: number;
      /** Other members a page holds. */
      perPage: number;
      pages: number;
      tileWidth: number;
      tileHeight: number;
    };

/** How many items of `min` px (with gaps) fit in `length` px; at least one. */
export function fitCount(length: number, min: number, gap = TILE_GAP): number {
  return Math.max(1, Math.floor((length + gap) / (min + gap)));
}

const spread = (length: number, count: number) => Math.floor((length - (count - 1) * TILE_GAP) / count);

/**
 * The layout for `remotes` other members on a stage of `size` (its content box). `screen`: someone
 * shares a screen, which always takes the large tile (the speaker then joins the strip); the own
 * preview (`ownPreview`) then takes the strip's first cell instead of a corner of the screen.
 */
export function planStage(size: StageSize, remotes: number, screen: boolean, ownPreview = false): StagePlan {
  if (remotes === 0) return { kind: 'empty' };
  if (!screen && remotes === 1) return { kind: 'solo' };
  if (!screen && remotes <= 3) return { kind: 'grid' };
  const tiles = screen ? remotes : remotes - 1;
  const wide = size.width >= 600 && size.width > size.height;
  const plan = (reserved: number) => (wide ? beside(size, tiles, reserved) : below(size, tiles, reserved));
  const withOwn = screen && ownPreview ? plan(1) : undefined;
  // Where a page holds a single cell, the preview stays in the corner.
  return withOwn && withOwn.perPage > 0 ? withOwn : plan(0);
}

type Spotlight = Extract<StagePlan, { kind: 'spotlight' }>;

/** `tiles` other members and `reserved` cells on every page (the own preview). */
function below({ width, height }: StageSize, tiles: number, reserved: number): Spotlight {
  const columns = fitCount(width, MIN_TILE_WIDTH);
  const area = height - Math.max(LARGE_MIN, Math.round(height * LARGE_SHARE)) - TILE_GAP;
  let rows = fitCount(area, MIN_TILE_HEIGHT);
  const paged = tiles + reserved > columns * rows;
  if (paged) rows = fitCount(area - PAGER_HEIGHT, MIN_TILE_HEIGHT);
  const cells = columns * rows;
  const perPage = cells - reserved;
  const rowsShown = Math.min(rows, Math.ceil(Math.min(tiles + reserved, cells) / columns));
  const tileWidth = spread(width, columns);
  // Rows fill the strip's area, but a tile is never taller than 4:3 (a lone row stays a row of tiles).
  const tileHeight = Math.max(MIN_TILE_HEIGHT, Math.min(spread(area - (paged ? PAGER_HEIGHT : 0), rows), Math.round((tileWidth * 3) / 4)));
  return { kind: 'spotlight', strip: 'below', ownTile: reserved > 0, columns, rows, rowsShown, perPage, pages: Math.ceil(tiles / Math.max(1, perPage)), tileWidth, tileHeight };
}

function beside({ width, height }: StageSize, tiles: number, reserved: number): Spotlight {
  const budget = Math.max(MIN_TILE_WIDTH, Math.min(480, Math.round(width * STRIP_SHARE)));
  const cellsNeeded = tiles + reserved;
  let rows = fitCount(height, MIN_TILE_HEIGHT);
  // One column while they all fit in it: the large tile keeps the rest of the width.
  let columns = cellsNeeded <= rows ? 1 : fitCount(budget, MIN_TILE_WIDTH);
  const paged = cellsNeeded > columns * rows;
  if (paged) rows = fitCount(height - PAGER_HEIGHT, MIN_TILE_HEIGHT);
  if (!paged && columns > 1) columns = Math.min(columns, Math.ceil(cellsNeeded / rows));
  const cells = columns * rows;
  const perPage = cells - reserved;
  const rowsShown = Math.min(rows, Math.ceil(Math.min(cellsNeeded, cells) / columns));
  const tileHeight = Math.max(MIN_TILE_HEIGHT, spread(height - (paged ? PAGER_HEIGHT : 0), rows));
  const tileWidth = Math.max(MIN_TILE_WIDTH, Math.min(spread(budget, columns), Math.round((tileHeight * 4) / 3)));
  return { kind: 'spotlight', strip: 'beside', ownTile: reserved > 0, columns, rows, rowsShown, perPage, pages: Math.ceil(tiles / Math.max(1, perPage)), tileWidth, tileHeight };
}

/** The member shown large: who speaks now, else who spoke last and is still here, else the first. */
export function speakerOf(remotes: readonly RemoteParticipant[], activeSpeaker: string | undefined, lastSpeaker: string | undefined): RemoteParticipant | undefined {
  const present = (id: string | undefined) => (id === undefined ? undefined : remotes.find((remote) => remote.id === id));
  return present(activeSpeaker) ?? present(lastSpeaker) ?? remotes[0];
}

export interface StageContent {
  /** The large tile: a member's shared screen, or a member's camera. */
  large: { remote: RemoteParticipant; screen: boolean } | undefined;
  /** The strip's tiles on this page. */
  page: RemoteParticipant[];
  /** Every strip tile, across pages. */
  strip: RemoteParticipant[];
  /** The page shown (clamped), and how many there are. */
  pageIndex: number;
  pages: number;
}

/**
 * What the spotlight shows: the first shared screen (a member sharing keeps the large tile until they
 * stop, whoever speaks), else the speaker; the others in the order they joined, `pageIndex`'s share.
 */
export function spotlightContent(remotes: readonly RemoteParticipant[], speaker: RemoteParticipant | undefined, perPage: number, pageIndex: number): StageContent {
  const sharing = remotes.find((remote) => remote.screen);
  const large = sharing ? { remote: sharing, screen: true } : speaker ? { remote: speaker, screen: false } : undefined;
  const strip = sharing ? [...remotes] : remotes.filter((remote) => remote !== speaker);
  const pages = Math.max(1, Math.ceil(strip.length / perPage));
  const index = Math.min(Math.max(0, pageIndex), pages - 1);
  return { large, strip, page: strip.slice(index * perPage, (index + 1) * perPage), pageIndex: index, pages };
}

/** The cameras on screen, for CallMedia.setVisibleVideos: each member once, large when any of their tiles is. */
export function visibleVideos(entries: ReadonlyArray<{ id: string; large: boolean }>): VisibleVideo[] {
  const byId = new Map<string, VisibleVideo>();
  for (const { id, large } of entries) {
    const known = byId.get(id);
    if (known) known.large ||= large;
    else byId.set(id, { id, large });
  }
  return [...byId.values()];
}
