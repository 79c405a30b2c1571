import { describe, expect, it } from 'vitest';
import { jobTitleOf, personName } from './person.ts';

describe('personName and jobTitleOf', () => {
  it('name a person by first and last name, else the employee number', () => {
    expect(personName({ first_name: ' Budi ', last_name: 'Santoso' })).toBe('Budi Santoso');
    expect(personName({ first_name: null, last_name: '', employee_number: '100235' })).toBe('100235');
    expect(jobTitleOf({ ess_employee_profile: { full_job_title: '', job_title: 'Supervisor' } })).toBe('Supervisor');
  });

  it('show names and job titles without bidirectional controls, which would reorder them', () => {
    expect(personName({ first_name: 'Budi\u202E', last_name: '\u2067Santoso\u2069' })).toBe('Budi Santoso');
    expect(personName({ first_name: '\u202E', last_name: '\u200F', employee_number: '\u202D100235' })).toBe('100235');
    expect(jobTitleOf({ ess_employee_profile: { full_job_title: 'Admin \u202Egnp.exe' } })).toBe('Admin gnp.exe');
  });
});
