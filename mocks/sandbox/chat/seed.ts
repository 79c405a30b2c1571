// The chat sandbox's starting state: the contract examples' people and rooms (Ayu Lestari 42 and Budi
// Santoso 43 in the direct room 1201, the group "Tim Operasional Jakarta" 1305, the HR and urgent
// chats), a few more direct rooms, "Arsip Pengumuman" with 10,000 messages to scroll through, and
// "All Hands" 1330, a group of 16 people who can all sign in, for group calls of more than a mesh's 4.
// Times are relative to the sandbox's start, so new messages always come after the seeded ones and the
// app's date separators read naturally; the texts and senders are fixed.
import { crc32, deflateSync } from 'node:zlib';
import { ChatStore, iso, memberState, type Room, type StoredMessage } from './store.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DIRECT_ROOM_UUID = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const TEAM_ROOM_UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const ARCHIVE_ROOM_UUID = '3f8a1c5e-2b7d-4e9f-a6c3-8d1e5f7a9b20';
export const HR_ROOM_UUID = 'e2a4b6c8-1d3f-4a5b-9c7d-2e4f6a8b0c1d';
export const URGENT_ROOM_UUID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
export const ALL_HANDS_ROOM_UUID = 'a11a4d5e-6b7c-4d8e-9f0a-1b2c3d4e5f60';
/** Budi's message in "Tim Operasional Jakarta" that mentions Ayu: the notifications' mention opens the room at it. */
export const MENTION_MESSAGE = { uuid: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70', text: '@Ayu Lestari tolong cek laporan stok sebelum truk ke Store Kemang berangkat jam 04.00 besok.' } as const;
/**
 * The members of "All Hands": Ayu and Budi and fourteen more of people.ts, each of whom signs in as
 * `first.last` with any password (identity.ts), so a group call can have many real participants.
 */
export const ALL_HANDS_MEMBERS = [42, 43, 57, 61, 7, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21] as const;
export const ARCHIVE_SIZE = 10_000;

/** A small but real PDF, so the seeded report opens in a browser. */
function tinyPdf(title: string): Uint8Array {
  const text = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 120]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 44>>stream\nBT /F1 14 Tf 20 60 Td (${title}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

/**
 * A real PNG (a diagonal blend of two colours with bands), so the attachment viewer has pictures to show,
 * zoom and swipe between; each seeded picture gets its own colours, so a swipe visibly changes it.
 */
export function tinyPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Uint8Array {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const mix = (x + y) / (width + height);
      const band = Math.floor((x + y) / 24) % 2 === 0 ? 1 : 0.85;
      for (let channel = 0; channel < 3; channel += 1) rows[row + 1 + x * 3 + channel] = Math.round((from[channel]! * (1 - mix) + to[channel]! * mix) * band);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

/** A short voice note: a second of a soft 440 Hz tone as 8 kHz 16-bit mono WAV, which browsers play. */
function tinyWav(seconds = 1, rate = 8000): Uint8Array {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let n = 0; n < samples; n += 1) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * n) / rate) * 6000), 44 + n * 2);
  return new Uint8Array(wav);
}

/** A file no browser shows in place (a spreadsheet's bytes; its content does not matter to the app). */
function opaqueFile(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x50, 0x4b, 0x03, 0x04]); // a ZIP's signature, as an .xlsx begins
  for (let at = 4; at < size; at += 1) bytes[at] = (at * 131) % 251;
  return bytes;
}

/**
 * The direct room's shared files beside the seeded report: three pictures, a voice note and a
 * spreadsheet, with fixed uuids so tests and the screenshots can open each in the attachment viewer.
 */
export const SEEDED_FILES = {
  photo1: { message: 'c0f1e2d3-a401-4b5c-8d6e-7f8091a2b3c1', file: 'c0f1e2d3-f401-4b5c-8d6e-7f8091a2b3c1', name: 'foto-rak-gudang-1.png' },
  photo2: { message: 'c0f1e2d3-a402-4b5c-8d6e-7f8091a2b3c2', file: 'c0f1e2d3-f402-4b5c-8d6e-7f8091a2b3c2', name: 'foto-rak-gudang-2.png' },
  photo3: { message: 'c0f1e2d3-a403-4b5c-8d6e-7f8091a2b3c3', file: 'c0f1e2d3-f403-4b5c-8d6e-7f8091a2b3c3', name: 'loading-dock.png' },
  voice: { message: 'c0f1e2d3-a404-4b5c-8d6e-7f8091a2b3c4', file: 'c0f1e2d3-f404-4b5c-8d6e-7f8091a2b3c4', name: 'pesan-suara.wav' },
  sheet: { message: 'c0f1e2d3-a405-4b5c-8d6e-7f8091a2b3c5', file: 'c0f1e2d3-f405-4b5c-8d6e-7f8091a2b3c5', name: 'daftar-hadir-november.xlsx' },
  report: { message: 'c0f1e2d3-a406-4b5c-8d6e-7f8091a2b3c6', file: '3d6f0a2b-7c8e-4f1a-9b2c-5d7e9f1a3b5c', name: 'laporan-stok-november.pdf' },
} as const;

type Line = [userId: number, text: string, minutesAgo: number, extra?: Partial<StoredMessage>];

function say(store: ChatStore, room: Room, now: number, lines: Line[]): void {
  for (const [userId, text, minutesAgo, extra] of lines) {
    const at = iso(now - minutesAgo * MINUTE);
    store.append(room, {
      userId,
      kind: 'text',
      content: text || null,
      file: null,
      stickerId: null,
      clientMessageId: null,
      replyTo: null,
      edited: false,
      pinnedAt: null,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
      ...extra,
    });
  }
}

/** Everyone has read everything, except the newest `unread` messages sent by others. */
function settleUnread(room: Room, unread: Record<number, number>): void {
  const newest = room.messages.at(-1)?.id ?? 0;
  for (const member of room.members) {
    const state = memberState(room, member);
    const count = unread[member] ?? 0;
    state.unread = count;
    const fromOthers = room.messages.filter((message) => message.userId !== member);
    state.readUpTo = count > 0 ? (fromOthers.at(-count - 1)?.id ?? 0) : newest;
  }
}

const ARCHIVE_SENDERS = [7, 18, 40, 23, 7, 18, 42, 43];
const ARCHIVE_OPENERS = [
  'Pengumuman:',
  'Reminder:',
  'Info:',
  'Update:',
  'FYI,',
  'Mohon perhatian,',
];
const ARCHIVE_TOPICS = [
  'jadwal town hall minggu ini sudah keluar',
  'pengajuan cuti akhir tahun ditutup tanggal 1 Desember',
  'fire drill di gedung kantor pusat hari Rabu jam 10.00',
  'donor darah bersama PMI di lobby',
  'parkir basement B2 khusus motor mulai bulan depan',
  'menu kantin baru mulai hari Senin',
  'pelatihan K3 wajib untuk semua karyawan gudang',
  'pembaruan data BPJS Kesehatan lewat ESS',
  'kantor tutup tanggal 25 dan 26 Desember',
  'lomba foto "Kerja Bareng" diperpanjang',
];
const ARCHIVE_TAILS = [
  '',
  ' Terima kasih.',
  ' Mohon diteruskan ke tim masing-masing.',
  ' Detail lengkap ada di intranet.',
  ' Pertanyaan bisa disampaikan ke Corporate Communications.',
];
const ARCHIVE_LINKS = [
  'https://intranet.majubersama.example/pengumuman',
  'https://intranet.majubersama.example/k3/jadwal',
  'https://forms.majubersama.example/cuti-2026',
  'https://www.pmi.or.id',
];
const SHORT_REPLIES = ['Noted.', 'Siap!', 'Terima kasih infonya 🙏', 'Baik, Bu.', 'Oke.', '👍'];

/** A fixed pseudo-random sequence (mulberry32), so the archive is the same on every start. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

function archiveText(n: number, random: () => number): string {
  const shape = random();
  if (shape < 0.25) return pick(SHORT_REPLIES, random);
  let text = `${pick(ARCHIVE_OPENERS, random)} ${pick(ARCHIVE_TOPICS, random)}.${pick(ARCHIVE_TAILS, random)}`;
  if (shape > 0.85) text += ` ${pick(ARCHIVE_TOPICS, random)}; ${pick(ARCHIVE_TOPICS, random)}.${pick(ARCHIVE_TAILS, random)}`;
  if (n % 37 === 0) text += ` Link: ${pick(ARCHIVE_LINKS, random)}`;
  return text;
}

function seedArchive(store: ChatStore, now: number): void {
  const start = now - 270 * DAY;
  const room = store.addRoom({
    id: 1500,
    uuid: ARCHIVE_ROOM_UUID,
    type: 'group',
    name: 'Arsip Pengumuman',
    members: [7, 42, 43, 18, 40, 23],
    isHr: false,
    isUrgent: false,
    createdAt: iso(start - DAY),
  });
  const random = sequence(1500);
  // Messages come in bursts during office hours over nine months, ending two hours ago.
  const span = now - 2 * HOUR - start;
  for (let n = 0; n < ARCHIVE_SIZE; n += 1) {
    const at = iso(start + Math.floor((span * n) / ARCHIVE_SIZE + random() * 20 * MINUTE));
    store.append(room, {
      id: 200_000 + n,
      uuid: `a5c1e2d3-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      userId: ARCHIVE_SENDERS[Math.floor(random() * ARCHIVE_SENDERS.length)]!,
      kind: 'text',
      content: archiveText(n, random),
      file: null,
      stickerId: null,
      clientMessageId: null,
      replyTo: null,
      edited: false,
      pinnedAt: n === 9_000 ? iso(now - 10 * DAY) : null,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
    });
  }
  settleUnread(room, { 43: 12 });
}

function direct(store: ChatStore, id: number, uuid: string, from: number, to: number, now: number, lines: Line[], unread: Record<number, number> = {}) {
  const room = store.addRoom({ id, uuid, type: 'individual', name: null, members: [from, to], isHr: false, isUrgent: false, createdAt: iso(now - 30 * DAY) });
  say(store, room, now, lines);
  settleUnread(room, unread);
  return room;
}

export function seedChat(now = Math.floor(Date.now() / MINUTE) * MINUTE): ChatStore {
  const store = new ChatStore();

  const budi = direct(store, 1201, DIRECT_ROOM_UUID, 42, 43, now, [
    [43, 'Pagi Bu Ayu, stok gudang Cikarang sudah saya cek.', 190],
    [42, 'Terima kasih, Pak Budi. Tolong kirim laporannya ya.', 185],
    [43, 'Laporan stok sudah saya kirim, Bu.', 180, { id: 90210, uuid: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', pinnedAt: iso(now - 175 * MINUTE) }],
  ]);
  const pdf = tinyPdf('Laporan stok November');
  say(store, budi, now, [
    [43, 'Ini laporan stok bulan November.', 178, {
      uuid: SEEDED_FILES.report.message,
      kind: 'file',
      file: { id: 5120, uuid: SEEDED_FILES.report.file, name: SEEDED_FILES.report.name, mimeType: 'application/pdf', size: pdf.byteLength, bytes: pdf },
    }],
  ]);
  const shared = (key: Exclude<keyof typeof SEEDED_FILES, 'report'>, id: number, mimeType: string, bytes: Uint8Array): Partial<StoredMessage> => {
    const { message, file, name } = SEEDED_FILES[key];
    return { uuid: message, kind: 'file', file: { id, uuid: file, name, mimeType, size: bytes.byteLength, bytes } };
  };
  say(store, budi, now, [
    [43, 'Foto rak gudang Cikarang setelah dirapikan.', 176, shared('photo1', 5121, 'image/png', tinyPng(480, 320, [72, 25, 227], [32, 178, 170]))],
    [43, '', 175, shared('photo2', 5122, 'image/png', tinyPng(320, 480, [230, 126, 34], [192, 57, 43]))],
    [43, 'Area loading dock juga sudah bersih.', 174, shared('photo3', 5123, 'image/png', tinyPng(480, 320, [39, 174, 96], [41, 128, 185]))],
    [42, 'Rekap daftar hadir tim gudang bulan ini.', 120, shared('sheet', 5124, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', opaqueFile(18_432))],
    [43, '', 100, shared('voice', 5125, 'audio/wav', tinyWav())],
    [42, 'Sudah saya terima. Ringkasannya juga ada di https://intranet.majubersama.example/stok/november', 60],
  ]);
  settleUnread(budi, { 43: 1 });

  const team = store.addRoom({
    id: 1305,
    uuid: TEAM_ROOM_UUID,
    type: 'group',
    name: 'Tim Operasional Jakarta',
    members: [42, 43, 57, 61],
    isHr: false,
    isUrgent: false,
    createdAt: iso(now - 40 * DAY),
  });
  say(store, team, now, [
    [42, 'Selamat datang di grup Tim Operasional Jakarta!', 40 * 24 * 60],
    [57, 'Laptop baru untuk tim gudang sudah siap diambil di IT.', 3 * 24 * 60],
    [42, 'Terima kasih, Mas Rizky.', 3 * 24 * 60 - 5],
    [61, 'Klaim lembur bulan ini paling lambat tanggal 20 ya.', 26 * 60],
    [43, MENTION_MESSAGE.text, 15 * 60, { uuid: MENTION_MESSAGE.uuid }],
    [57, 'WMS offline hari Minggu jam 00.00–06.00 untuk upgrade.', 14 * 60],
    [61, 'Reimburse bensin sudah ditransfer.', 6 * 60],
    [43, 'Briefing pagi dimulai jam 08.00 ya.', 3 * 60 + 30],
  ]);
  settleUnread(team, { 42: 5, 43: 0, 57: 2, 61: 1 });
  const ayuInTeam = memberState(team, 42);
  ayuInTeam.muted = true;
  ayuInTeam.pinnedAt = iso(now - 22 * DAY);

  seedArchive(store, now);

  // Quiet for days and read by everyone, so it sits low in the chat lists and adds to no badge.
  const allHands = store.addRoom({
    id: 1330,
    uuid: ALL_HANDS_ROOM_UUID,
    type: 'group',
    name: 'All Hands',
    members: [...ALL_HANDS_MEMBERS],
    isHr: false,
    isUrgent: false,
    createdAt: iso(now - 60 * DAY),
  });
  say(store, allHands, now, [
    [7, 'Selamat datang di grup All Hands: rapat bulanan seluruh karyawan lewat video call di sini.', 60 * 24 * 60],
    [42, 'Rapat bulanan berikutnya Jumat jam 09.00, langsung join dari grup ini ya.', 6 * 24 * 60],
    [43, 'Siap, Bu.', 6 * 24 * 60 - 12],
  ]);
  settleUnread(allHands, {});

  const hr = store.addRoom({
    id: 1410,
    uuid: HR_ROOM_UUID,
    type: 'group',
    name: 'Chat with HR - Ayu Lestari',
    members: [42, 14, 24],
    isHr: true,
    isUrgent: false,
    createdAt: iso(now - 5 * DAY),
  });
  say(store, hr, now, [
    [42, 'Halo HR, saya mau tanya sisa cuti tahun ini.', 5 * 24 * 60],
    [14, 'Halo Bu Ayu, sisa cuti Ibu 6 hari dan berlaku sampai 31 Desember.', 5 * 24 * 60 - 30],
    [24, 'Formulir cuti bisa diisi di https://forms.majubersama.example/cuti-2026', 2 * 24 * 60],
  ]);
  settleUnread(hr, { 42: 1 });

  const urgent = store.addRoom({
    id: 1422,
    uuid: URGENT_ROOM_UUID,
    type: 'group',
    name: 'URGENT: Listrik padam Store Kemang',
    members: [42, 61, 17, 27],
    isHr: false,
    isUrgent: true,
    createdAt: iso(now - 26 * HOUR),
  });
  say(store, urgent, now, [
    [17, 'Listrik padam di Store Kemang sejak 13.05. Genset menyala.', 25 * 60],
    [27, 'Barang beku dipindah ke freezer cadangan.', 24 * 60 + 40],
    [17, 'PLN sudah memulihkan listrik jam 14.20. Aman.', 23 * 60 + 55],
  ]);
  settleUnread(urgent, { 42: 3 });

  direct(store, 1202, '9b2e4d6f-8a1c-4e3b-b5d7-0f2a4c6e8b1d', 57, 42, now, [
    [57, 'Bu Ayu, akun ESS karyawan baru sudah saya aktifkan.', 2 * 24 * 60],
    [42, 'Mantap, terima kasih!', 2 * 24 * 60 - 10],
  ]);
  direct(store, 1203, '4c6e8a0b-2d4f-4b6d-8e0a-1c3e5a7b9d2f', 42, 61, now, [
    [42, 'Bu Siti, payroll closing tetap tanggal 20?', 9 * 60],
    [61, 'Betul, Bu. Jam 17.00 paling lambat.', 8 * 60 + 50],
  ], { 42: 1 });
  direct(store, 1204, '6e8a0c2d-4f6b-4d8f-a0c2-3e5a7c9e1b4d', 43, 57, now, [
    [43, 'Mas Rizky, scanner gudang nomor 3 error lagi.', 4 * 60],
    [57, 'Oke, saya ke Cikarang jam 2 siang.', 3 * 60 + 50],
  ], { 43: 1 });
  direct(store, 1206, '8a0c2e4f-6b8d-4f0b-9c2e-5a7c9e1b3d6f', 7, 42, now, [
    [7, 'Bu Ayu, materi town hall sudah saya unggah: https://intranet.majubersama.example/town-hall', 30 * 60],
  ]);

  return store;
}
