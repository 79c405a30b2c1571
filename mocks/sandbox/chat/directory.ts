// The employee directory behind the chat's employee searches: the sign-in people of people.ts plus
// 2,400 generated employees (fixed seed, so every start has the same names and numbers), each in one
// company, sub-company, outlet and rank of the org lists the v2 filters offer. Generated employees
// cannot sign in; they can be found, chatted with and added to groups.
import type { Employee as ContractEmployee } from '../../../generated/http/types.gen.ts';
import { PEOPLE, fullName, pictureUrl, type Person } from '../people.ts';
import type { SandboxContext } from '../routes.ts';
import { sequence } from './seed.ts';

type Urls = Pick<SandboxContext, 'publicUrl'>;

/** The contract's OrgOption: string ids, the parent's id for a sub-company or an outlet. */
export interface OrgOption {
  id: string;
  name: string;
  code: string;
  parent_id: string | null;
}

const org = (id: string, name: string, code: string, parent: string | null = null): OrgOption => ({ id, name, code, parent_id: parent });

export const COMPANIES: readonly OrgOption[] = [
  org('3', 'PT Maju Bersama Indonesia', 'MBI'),
  org('4', 'PT Cahaya Logistik Indonesia', 'CLI'),
  org('5', 'PT Sinar Nusantara Retail', 'SNR'),
];

export const SUB_COMPANIES: readonly OrgOption[] = [
  org('11', 'Head Office', 'HO', '3'),
  org('12', 'Retail Jabodetabek', 'RJB', '3'),
  org('13', 'Retail Jawa Timur', 'RJT', '3'),
  org('21', 'Distribution Center', 'DCN', '4'),
  org('22', 'Transportasi & Armada', 'TRA', '4'),
  org('31', 'Retail Bali & Nusa Tenggara', 'RBN', '5'),
  org('32', 'Retail Sumatera', 'RSU', '5'),
];

export const OUTLETS: readonly OrgOption[] = [
  org('101', 'Kantor Pusat Sudirman', 'HO-SDR', '11'),
  org('102', 'Kantor Cabang Bandung', 'HO-BDG', '11'),
  org('305', 'Outlet Kemang', 'JKT-KMG', '12'),
  org('306', 'Outlet Kelapa Gading', 'JKT-KLG', '12'),
  org('307', 'Outlet Bintaro', 'TNG-BTR', '12'),
  org('308', 'Outlet Bekasi Timur', 'BKS-BKT', '12'),
  org('311', 'Outlet Surabaya Tunjungan', 'SBY-TJG', '13'),
  org('312', 'Outlet Malang Kota', 'MLG-KTA', '13'),
  org('401', 'Distribution Center Cikarang', 'DC-CKR', '21'),
  org('402', 'Gudang Cakung', 'DC-CKG', '21'),
  org('403', 'Distribution Center Surabaya', 'DC-SBY', '21'),
  org('411', 'Pool Armada Pulogadung', 'FL-PLG', '22'),
  org('412', 'Pool Armada Semarang', 'FL-SMG', '22'),
  org('501', 'Outlet Denpasar Renon', 'DPS-RNN', '31'),
  org('502', 'Outlet Kuta', 'DPS-KTA', '31'),
  org('503', 'Outlet Mataram', 'MTR-CKR', '31'),
  org('511', 'Outlet Medan Kota', 'MDN-KTA', '32'),
  org('512', 'Outlet Palembang', 'PLM-ILR', '32'),
  org('513', 'Outlet Pekanbaru', 'PKU-SDR', '32'),
];

export const RANKS: readonly OrgOption[] = ['Trainee', 'Operator', 'Staff', 'Supervisor', 'Manager', 'Senior Manager', 'Director'].map((name, index) =>
  org(String(index + 1), name, `R${index + 1}`),
);

/** What people of each sub-company do: the job title is the rank's name and one of these. */
const FUNCTIONS: Record<string, readonly string[]> = {
  '11': ['Finance', 'Human Capital', 'IT', 'Legal', 'Marketing', 'Procurement', 'Corporate Communications'],
  '12': ['Toko', 'Kasir', 'Visual Merchandising', 'Customer Service'],
  '13': ['Toko', 'Kasir', 'Visual Merchandising', 'Customer Service'],
  '21': ['Gudang', 'Inventory', 'Inbound', 'Outbound'],
  '22': ['Armada', 'Pengiriman', 'Dispatcher'],
  '31': ['Toko', 'Kasir', 'Customer Service'],
  '32': ['Toko', 'Kasir', 'Customer Service'],
};

export interface Employee {
  id: number;
  first_name: string;
  last_name: string;
  employee_number: string;
  jobTitle: string;
  companyId: string;
  subCompanyId: string;
  outletId: string;
  rankId: string;
  photo: boolean;
  /** Set for the people who can sign in (people.ts). */
  person?: Person;
}

const byId = <T extends { id: string }>(list: readonly T[], id: string) => list.find((item) => item.id === id)!;
const rankName = (rankId: string) => byId(RANKS, rankId).name;

/** Where the sign-in people work, by department: sub-company, outlet and the function in their title. */
const DEPARTMENTS: Record<string, [subCompany: string, outlet: string, job: string]> = {
  'Human Capital': ['11', '101', 'Human Capital'],
  'Corporate Communications': ['11', '101', 'Corporate Communications'],
  'Information Technology': ['11', '101', 'IT'],
  Finance: ['11', '101', 'Finance'],
  Marketing: ['11', '101', 'Marketing'],
  'General Affairs': ['11', '101', 'General Affairs'],
  Legal: ['11', '101', 'Legal'],
  Procurement: ['11', '101', 'Procurement'],
  Operations: ['21', '401', 'Gudang'],
  Logistics: ['21', '402', 'Logistik'],
  'Health and Safety': ['21', '401', 'K3'],
  'Store Operations': ['12', '305', 'Toko'],
};
/** Ranks other than Staff (3) among the sign-in people: Ayu is a manager, Budi a warehouse supervisor. */
const PEOPLE_RANKS: Record<number, string> = { 42: '5', 7: '5', 43: '4', 57: '4', 61: '4', 17: '4', 23: '4' };

function fromPerson(someone: Person): Employee {
  const [subCompanyId, outletId, job] = DEPARTMENTS[someone.department] ?? ['11', '101', someone.department];
  const rankId = PEOPLE_RANKS[someone.id] ?? '3';
  return {
    id: someone.id,
    first_name: someone.first_name,
    last_name: someone.last_name,
    employee_number: someone.employee_number,
    jobTitle: `${rankName(rankId)} ${job}`,
    companyId: '3',
    subCompanyId,
    outletId,
    rankId,
    photo: someone.photo,
    person: someone,
  };
}

// No first name of the sign-in people 42 and 43 and no last name of people.ts, so every generated
// full name is unique and a search for "budi" or "ayu" finds the people who can sign in.
const FIRST_NAMES = ['Adi', 'Agung', 'Aldi', 'Andika', 'Anisa', 'Anita', 'Ari', 'Bayu', 'Bima', 'Cahya', 'Cindy', 'Dani', 'Desi', 'Dian', 'Dodi', 'Doni', 'Dwi', 'Eka', 'Elsa', 'Erwin', 'Farah', 'Fikri', 'Galih', 'Gita', 'Hadi', 'Hafiz', 'Ilham', 'Irma', 'Iwan', 'Jihan', 'Kevin', 'Kurnia', 'Laras', 'Lina', 'Lukman', 'Mega', 'Nanda', 'Nia', 'Nova', 'Oki', 'Pandu', 'Puspita', 'Rahmat', 'Rani', 'Reza', 'Rina', 'Rosa', 'Sarah', 'Satria', 'Sinta', 'Taufik', 'Tika', 'Tri', 'Umar', 'Vina', 'Wahyu', 'Wayan', 'Yanti', 'Yudi', 'Zahra'];
const LAST_NAMES = ['Aritonang', 'Basri', 'Damanik', 'Efendi', 'Fadillah', 'Gunawan', 'Halim', 'Harahap', 'Irawan', 'Jayadi', 'Kusuma', 'Kurniawan', 'Lubis', 'Mahendra', 'Marpaung', 'Munthe', 'Nasution', 'Nugraha', 'Pangaribuan', 'Permana', 'Purba', 'Rangkuti', 'Saragih', 'Siregar', 'Sitompul', 'Suganda', 'Sulistyo', 'Tambunan', 'Tanjung', 'Utomo', 'Wibowo', 'Wijayakusuma', 'Yulianto', 'Zulkarnain', 'Hakim', 'Ramadhani', 'Syahputra', 'Pohan', 'Ginting', 'Sembiring', 'Tarigan', 'Manurung', 'Hutapea', 'Simbolon', 'Napitupulu', 'Batubara', 'Daulay', 'Hasibuan', 'Panjaitan', 'Sinaga'];

export const GENERATED_COUNT = 2_400;
/** Generated employee n (1…2,400) has id 5000 + n and employee number 3 followed by n in five digits. */
export const GENERATED_FIRST_ID = 5_001;
// Most people work for the first company, and most are staff.
const COMPANY_WEIGHTS = ['3', '3', '3', '4', '4', '5', '5'];
const RANK_WEIGHTS = ['1', '2', '2', '3', '3', '3', '3', '3', '4', '4', '5', '6', '7'];

function generate(): Employee[] {
  const random = sequence(2_026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const names = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => [first, last] as const));
  for (let at = names.length - 1; at > 0; at -= 1) {
    const other = Math.floor(random() * (at + 1));
    [names[at], names[other]] = [names[other]!, names[at]!];
  }
  return names.slice(0, GENERATED_COUNT).map(([first, last], index) => {
    const companyId = pick(COMPANY_WEIGHTS);
    const subCompanyId = pick(SUB_COMPANIES.filter((sub) => sub.parent_id === companyId)).id;
    const outletId = pick(OUTLETS.filter((outlet) => outlet.parent_id === subCompanyId)).id;
    const rankId = pick(RANK_WEIGHTS);
    const n = index + 1;
    return {
      id: GENERATED_FIRST_ID + index,
      first_name: first,
      last_name: last,
      employee_number: `3${String(n).padStart(5, '0')}`,
      jobTitle: `${rankName(rankId)} ${pick(FUNCTIONS[subCompanyId]!)}`,
      companyId,
      subCompanyId,
      outletId,
      rankId,
      photo: random() < 0.7,
    };
  });
}

export const EMPLOYEES: readonly Employee[] = [...PEOPLE.map(fromPerson), ...generate()];
const BY_ID = new Map(EMPLOYEES.map((employee) => [employee.id, employee]));

export const findEmployee = (id: number) => BY_ID.get(id);

/** The picture: a sign-in person's as people.ts draws it; a generated one's initials from the name. */
export function employeePicture(urls: Urls, employee: Employee): string | null {
  if (employee.person) return pictureUrl(urls, employee.person);
  return employee.photo ? urls.publicUrl(`/__sandbox/avatars/${employee.id}.svg?name=${encodeURIComponent(fullName(employee))}`) : null;
}

/** The contract's Employee (a search result, a participant). */
export function employeeView(urls: Urls, employee: Employee): ContractEmployee {
  return {
    id: employee.id,
    first_name: employee.first_name,
    last_name: employee.last_name,
    employee_number: employee.employee_number,
    signed_profile_picture_url: employeePicture(urls, employee),
    ess_employee_profile: { full_job_title: `${employee.jobTitle} - ${byId(OUTLETS, employee.outletId).name}`, job_title: employee.jobTitle },
    ess_company: { name: byId(COMPANIES, employee.companyId).name },
  };
}

const contains = (value: string, wanted: string | undefined) => !wanted || value.toLowerCase().includes(wanted);

/** The v1 search fields, each optional and matched case-insensitively as a part of the value. */
export interface TextQuery {
  code?: string;
  name?: string;
  jobTitle?: string;
}

export const matchesText = (employee: Employee, query: TextQuery) =>
  contains(employee.employee_number, query.code) && contains(fullName(employee), query.name) && contains(employee.jobTitle, query.jobTitle);

/** The v2 org filters: each non-empty list narrows to its ids. */
export interface OrgQuery {
  companies: string[];
  subCompanies: string[];
  outlets: string[];
  ranks: string[];
}

const within = (ids: string[], id: string) => ids.length === 0 || ids.includes(id);

export const matchesOrg = (employee: Employee, query: OrgQuery) =>
  within(query.companies, employee.companyId) && within(query.subCompanies, employee.subCompanyId) && within(query.outlets, employee.outletId) && within(query.ranks, employee.rankId);
