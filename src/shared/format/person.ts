// How a person is named and described wherever people are listed (chat, calls): first and last name,
// else the employee number; the full job title, else the short one. Shown as other people wrote them,
// without bidirectional controls (display-text.ts).
import { displayText } from './display-text.ts';

export interface NamedPerson {
  first_name?: string | null;
  last_name?: string | null;
  employee_number?: string | null;
}

export const personName = (person: NamedPerson): string =>
  [person.first_name, person.last_name].map(displayText).filter(Boolean).join(' ') || displayText(person.employee_number);

export const jobTitleOf = (employee: { ess_employee_profile?: { full_job_title?: string | null; job_title?: string | null } | null }): string =>
  displayText(employee.ess_employee_profile?.full_job_title) || displayText(employee.ess_employee_profile?.job_title);
