// The stickers stickers/send accepts (ids 1–6) and the small pictures the sandbox draws for them.
import type { Sticker } from '../../../generated/http/types.gen.ts';
import { escapeHtml, operation, type SandboxContext, type SandboxRoute } from '../routes.ts';

export interface StickerSeed {
  id: number;
  name: string;
  emoji: string;
  colour: string;
}

export const STICKERS: readonly StickerSeed[] = [
  { id: 1, name: 'Terima kasih', emoji: '🙏', colour: '#f59e0b' },
  { id: 2, name: 'Siap!', emoji: '👍', colour: '#10b981' },
  { id: 3, name: 'Semangat', emoji: '💪', colour: '#ef4444' },
  { id: 4, name: 'Mantap', emoji: '🎉', colour: '#8b5cf6' },
  { id: 5, name: 'Selamat pagi', emoji: '☀️', colour: '#0ea5e9' },
  { id: 6, name: 'Oke', emoji: '👌', colour: '#64748b' },
];

export const findSticker = (id: number) => STICKERS.find((sticker) => sticker.id === id);

export function stickerView(context: Pick<SandboxContext, 'publicUrl'>, sticker: StickerSeed): Sticker & { image_url: string } {
  return { id: sticker.id, name: sticker.name, image_url: context.publicUrl(`/__sandbox/stickers/${sticker.id}.svg`) };
}

function stickerSvg(sticker: StickerSeed): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<rect x="8" y="8" width="144" height="144" rx="32" fill="${sticker.colour}"/>
<text x="80" y="86" font-size="64" text-anchor="middle">${sticker.emoji}</text>
<text x="80" y="132" font-size="18" font-family="sans-serif" font-weight="bold" fill="#fff" text-anchor="middle">${escapeHtml(sticker.name)}</text>
</svg>`;
}

export const stickerRoute: SandboxRoute = {
  method: 'GET',
  path: '/__sandbox/stickers/:file',
  handle: ({ params }) => {
    const sticker = findSticker(Number(/^(\d+)\.svg$/.exec(params.file ?? '')?.[1]));
    if (!sticker) return { status: 404, body: 'No such sticker.', contentType: 'text/plain; charset=utf-8' };
    return { body: stickerSvg(sticker), contentType: 'image/svg+xml; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=3600' } };
  },
};

/** GET /live-chat/stickers (x-inferred): the picker's stickers. */
export const stickerListRoute: SandboxRoute = operation('GET', '/live-chat/stickers', 'listStickers', (context) =>
  context.ok({ stickers: STICKERS.map((sticker) => stickerView(context, sticker)) }),
);
