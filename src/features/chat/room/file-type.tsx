// A file's kind, for its icon: by its MIME type when the server sent one, else by its name's extension.
import { createElement } from 'react';
import { FileArchiveIcon, FileAudioIcon, FileIcon, FileImageIcon, FileSpreadsheetIcon, FileTextIcon, FileVideoIcon, type IconComponent } from '../../../shared/ui/icons.tsx';

const BY_EXTENSION: Record<string, IconComponent> = {};
const add = (icon: IconComponent, extensions: string) => extensions.split(' ').forEach((extension) => (BY_EXTENSION[extension] = icon));
add(FileImageIcon, 'png jpg jpeg gif webp heic heif bmp svg avif');
add(FileVideoIcon, 'mp4 mov webm mkv avi m4v 3gp');
add(FileAudioIcon, 'mp3 m4a wav ogg oga aac flac opus');
add(FileArchiveIcon, 'zip rar 7z tar gz tgz bz2 xz');
add(FileSpreadsheetIcon, 'xls xlsx csv ods numbers');
add(FileTextIcon, 'pdf doc docx txt rtf odt md ppt pptx odp pages key');

/** The icon of a file: image, video, audio, archive, spreadsheet, document, else a plain file. */
export function fileIconFor(name: string, mimeType?: string | null): IconComponent {
  const mime = mimeType?.toLowerCase() ?? '';
  if (mime.startsWith('image/')) return FileImageIcon;
  if (mime.startsWith('video/')) return FileVideoIcon;
  if (mime.startsWith('audio/')) return FileAudioIcon;
  if (/zip|compressed|x-tar|gzip|x-7z|x-rar/.test(mime)) return FileArchiveIcon;
  if (/spreadsheet|excel|csv/.test(mime)) return FileSpreadsheetIcon;
  if (mime.startsWith('text/') || /pdf|word|document|presentation|powerpoint|rtf/.test(mime)) return FileTextIcon;
  const dot = name.lastIndexOf('.');
  return (dot > 0 && BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) || FileIcon;
}

/**
 * A name cut for a middle ellipsis: the start (ellipsised by CSS when the line is short) and the end
 * it always keeps (the extension and a few characters before it), so "Quarterly report final.pdf"
 * shows as "Quarterly report fi…inal.pdf" and never wraps.
 */
export function splitForMiddleEllipsis(name: string): { start: string; end: string } {
  const dot = name.lastIndexOf('.');
  const keep = Math.min(name.length, (dot > 0 && name.length - dot <= 8 ? name.length - dot : 0) + 4);
  // Only a name no longer than what is kept stays whole: a short name on a narrow phone card is cut
  // before its extension too ("load…dock.png", not "loading-dock.…"); where it fits it shows whole.
  if (keep >= name.length) return { start: name, end: '' };
  return { start: name.slice(0, name.length - keep), end: name.slice(name.length - keep) };
}

/** The icon of a file's type (decorative: the name beside it says what it is). */
export function FileTypeIcon({ name, mimeType, size = 22 }: { name: string; mimeType?: string | null; size?: number }) {
  return createElement(fileIconFor(name, mimeType), { size, 'aria-hidden': true });
}
