// Draws a QR code on a canvas with SPEC §9's parameters (qr-options.ts). Its own module, loaded only
// when "My QR" opens: the qrcode library stays out of Home's and the start's chunks.
import QRCode from 'qrcode';
import { QR_RENDER_OPTIONS } from './qr-options.ts';

export interface RenderedQr {
  /** The version the library chose (1–40). */
  version: number;
  /** Modules a side, without the margin. */
  modules: number;
}

export async function drawQrCode(canvas: HTMLCanvasElement, text: string): Promise<RenderedQr> {
  await QRCode.toCanvas(canvas, text, QR_RENDER_OPTIONS);
  // The library also fixes the element's CSS size to its pixels (4 px a module: small on a phone); the
  // stylesheet shows it larger, scaled by whole steps with square pixels (my-qr.module.css).
  canvas.style.removeProperty('width');
  canvas.style.removeProperty('height');
  const symbol = QRCode.create(text, { errorCorrectionLevel: QR_RENDER_OPTIONS.errorCorrectionLevel });
  return { version: symbol.version, modules: symbol.modules.size };
}
