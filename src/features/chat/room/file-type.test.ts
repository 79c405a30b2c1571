import { describe, expect, it } from 'vitest';
import { FileArchiveIcon, FileAudioIcon, FileIcon, FileImageIcon, FileSpreadsheetIcon, FileTextIcon, FileVideoIcon } from '../../../shared/ui/icons.tsx';
import { fileIconFor, splitForMiddleEllipsis } from './file-type.tsx';

describe('a file message card (issue 22)', () => {
  it('picks the icon by MIME type, else by extension, else a plain file', () => {
    expect(fileIconFor('x', 'image/png')).toBe(FileImageIcon);
    expect(fileIconFor('x', 'video/mp4')).toBe(FileVideoIcon);
    expect(fileIconFor('x', 'audio/mpeg')).toBe(FileAudioIcon);
    expect(fileIconFor('x', 'application/zip')).toBe(FileArchiveIcon);
    expect(fileIconFor('x', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(FileSpreadsheetIcon);
    expect(fileIconFor('x', 'application/pdf')).toBe(FileTextIcon);
    expect(fileIconFor('Laporan.XLSX', null)).toBe(FileSpreadsheetIcon);
    expect(fileIconFor('notes.docx', 'application/octet-stream')).toBe(FileTextIcon);
    expect(fileIconFor('rekaman.m4a')).toBe(FileAudioIcon);
    expect(fileIconFor('stok.bin', 'application/octet-stream')).toBe(FileIcon);
    expect(fileIconFor('.env')).toBe(FileIcon);
  });

  it('cuts a long name in the middle, keeping its extension and the characters before it', () => {
    expect(splitForMiddleEllipsis('Laporan Stok Gudang Desember final.xlsx')).toEqual({ start: 'Laporan Stok Gudang Desember f', end: 'inal.xlsx' });
    const { start, end } = splitForMiddleEllipsis('laporan-stok-november-2026.pdf');
    expect(start + end).toBe('laporan-stok-november-2026.pdf');
    expect(end).toBe('2026.pdf');
    // A short name is cut before its extension too (a narrow card cuts it), unless it is no longer than
    // what is kept; a long one without an extension keeps its last characters.
    expect(splitForMiddleEllipsis('loading-dock.png')).toEqual({ start: 'loading-', end: 'dock.png' });
    expect(splitForMiddleEllipsis('a.pdf')).toEqual({ start: 'a.pdf', end: '' });
    expect(splitForMiddleEllipsis('a-very-long-name-without-extension').end).toBe('sion');
  });
});
