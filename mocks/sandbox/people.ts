// The sandbox's employees of PT Maju Bersama Indonesia and its group: fixed ids and employee numbers
// (the contract's examples' people keep theirs: Ayu Lestari 42 is the signed-in user). Whether someone
// has a profile picture is fixed too, so the app's initials fallback shows for a few.
import type { FeedAuthor, Like } from '../../generated/http/types.gen.ts';
import type { SandboxContext } from './routes.ts';

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
  employee_number: string;
  department: string;
  /** Has a profile picture (the sandbox's generated initials image); otherwise null, as on the backend. */
  photo: boolean;
}

const ROWS: Array<[id: number, first: string, last: string, department: string, employeeNumber?: string]> = [
  [42, 'Ayu', 'Lestari', 'Human Capital', '100234'],
  [7, 'Dewi', 'Kartika', 'Corporate Communications', '100012'],
  [43, 'Budi', 'Santoso', 'Operations', '100235'],
  [57, 'Rizky', 'Pratama', 'Information Technology', '100871'],
  [61, 'Siti', 'Rahmawati', 'Finance', '100903'],
  [11, 'Agus', 'Setiawan', 'Operations'],
  [12, 'Putri', 'Maharani', 'Marketing'],
  [13, 'Hendra', 'Wijaya', 'Information Technology'],
  [14, 'Nur', 'Aisyah', 'Human Capital'],
  [15, 'Yoga', 'Prasetyo', 'Logistics'],
  [16, 'Ratna', 'Sari', 'Finance'],
  [17, 'Fajar', 'Nugroho', 'Store Operations'],
  [18, 'Indah', 'Permatasari', 'Corporate Communications'],
  [19, 'Bambang', 'Suryadi', 'General Affairs'],
  [20, 'Wulan', 'Anggraini', 'Legal'],
  [21, 'Dimas', 'Saputra', 'Information Technology'],
  [22, 'Melati', 'Putri', 'Marketing'],
  [23, 'Teguh', 'Hidayat', 'Health and Safety'],
  [24, 'Sri', 'Wahyuni', 'Human Capital'],
  [25, 'Arif', 'Rahman', 'Logistics'],
  [26, 'Lestari', 'Handayani', 'Finance'],
  [27, 'Joko', 'Susilo', 'Store Operations'],
  [28, 'Intan', 'Purnamasari', 'Procurement'],
  [29, 'Eko', 'Firmansyah', 'General Affairs'],
  [30, 'Made', 'Wirawan', 'Store Operations'],
  [31, 'Kadek', 'Widiastuti', 'Marketing'],
  [32, 'Andi', 'Firdaus', 'Operations'],
  [33, 'Yohanes', 'Simanjuntak', 'Operations'],
  [34, 'Maria', 'Situmorang', 'Legal'],
  [35, 'Ahmad', 'Fauzi', 'Information Technology'],
  [36, 'Citra', 'Kirana', 'Human Capital'],
  [37, 'Gilang', 'Ramadhan', 'Logistics'],
  [38, 'Novita', 'Sari', 'Finance'],
  [39, 'Rudi', 'Hartono', 'Procurement'],
  [40, 'Fitri', 'Handayani', 'Corporate Communications'],
  [44, 'Hana', 'Pertiwi', 'Human Capital'],
];

export const PEOPLE: readonly Person[] = ROWS.map(([id, first, last, department, employeeNumber]) => ({
  id,
  first_name: first,
  last_name: last,
  department,
  employee_number: employeeNumber ?? String(100_300 + id * 17),
  photo: id % 5 !== 4,
}));

const BY_ID = new Map(PEOPLE.map((person) => [person.id, person]));

export function person(id: number): Person {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`sandbox: no person ${id}`);
  return found;
}

export function findPerson(id: number): Person | undefined {
  return BY_ID.get(id);
}

export const fullName = (someone: Pick<Person, 'first_name' | 'last_name'>) => `${someone.first_name} ${someone.last_name}`;

/** The person's picture URL, or null when they have none. */
export function pictureUrl(context: Pick<SandboxContext, 'publicUrl'>, someone: Person): string | null {
  return someone.photo ? context.publicUrl(`/__sandbox/avatars/${someone.id}.svg`) : null;
}

/** The author shape of a post or comment (FeedAuthor). */
export function author(context: Pick<SandboxContext, 'publicUrl'>, id: number): FeedAuthor {
  const someone = person(id);
  return { id, first_name: someone.first_name, last_name: someone.last_name, signed_profile_picture_url: pictureUrl(context, someone) };
}

/**
 * `count` people who liked something, deterministically picked from the directory from `seed` on,
 * never its own author. Each like's id is derived from the liked item's id.
 */
export function likesOf(context: Pick<SandboxContext, 'publicUrl'>, itemId: number, count: number, authorId: number): Like[] {
  const others = PEOPLE.filter((someone) => someone.id !== authorId);
  if (count > others.length) throw new Error(`sandbox: ${count} likes but only ${others.length} people`);
  const start = (itemId * 7) % others.length;
  return Array.from({ length: count }, (_, index) => {
    const someone = others[(start + index) % others.length]!;
    return {
      id: itemId * 100 + index + 1,
      user: {
        id: someone.id,
        signed_profile_picture_url: pictureUrl(context, someone),
        employee_number: someone.employee_number,
        first_name: someone.first_name,
        last_name: someone.last_name,
      },
    };
  });
}
