// SPEC §9's QR parameters, as the app renders "My QR" with the qrcode library:
//   - versions 1 to 40: no `version` is set, so the library takes the smallest of 1–40 that holds the
//     text (and refuses a text no version holds);
//   - error correction M (15% of the code may be damaged or covered and it still reads);
//   - margin 4: the quiet zone of 4 modules the QR standard asks for;
//   - "width 10 (scale 4 in another reading)": both readings hold at once. In qrcode (and in the
//     angularx-qrcode component the old app used, whose defaults these are) `width` is a size in pixels
//     that wins over `scale` only when it can hold the whole symbol; 10 px never can (the smallest
//     code, version 1, is 21 modules plus the margins: 29), so the library ignores it and draws each
//     module 4 px wide (`scale: 4`). Passed as given, so the parameters read as SPEC writes them.
// Colours stay the library's black on white in both themes: scanners need dark modules on a light ground.
import type { QRCodeRenderersOptions } from 'qrcode';

export const QR_RENDER_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  width: 10,
  scale: 4,
} as const satisfies QRCodeRenderersOptions;

/** The size in pixels of a rendered code of `modules` modules a side, with SPEC §9's margin and scale. */
export const renderedSize = (modules: number) => (modules + 2 * QR_RENDER_OPTIONS.margin) * QR_RENDER_OPTIONS.scale;
