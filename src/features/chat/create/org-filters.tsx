// The mass search's organisational filters (company, sub-company, outlet, rank), fed by the v2 org
// lists: sub-companies follow the chosen company and outlets the chosen sub-company, so a new choice
// above clears the choices below it. When the lists cannot be loaded a notice says so; the name and
// job title search still works.
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { useOrgOptions, type EmployeeQuery, type MassSearchFilters, type OrgOption } from '../api/directory.ts';
import styles from './create-chat.module.css';

export interface OrgChoice {
  companyId: string;
  subCompanyId: string;
  outletId: string;
  rankId: string;
}

export const NO_ORG_CHOICE: OrgChoice = { companyId: '', subCompanyId: '', outletId: '', rankId: '' };

/** The contract takes string id lists: one element for a choice, nothing when there is none. */
const one = (id: string) => (id ? [id] : undefined);

export const massSearchBody = (text: EmployeeQuery, choice: OrgChoice): MassSearchFilters => ({
  employee_name: text.employee_name,
  employee_job_title: text.employee_job_title,
  companies: one(choice.companyId),
  sub_companies: one(choice.subCompanyId),
  outlets: one(choice.outletId),
  ranks: one(choice.rankId),
});

function OrgSelect({ label, value, options, onChange }: { label: string; value: string; options: OrgOption[]; onChange(id: string): void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.fieldLabel}>
      {label}
      <select className={styles.select} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('chat.create.any')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Collapsed at first (the list needs the height on a phone); the summary says how many are chosen. */
export function OrgFilters({ choice, onChange }: { choice: OrgChoice; onChange(choice: OrgChoice): void }) {
  const { t } = useTranslation();
  const options = useOrgOptions(choice.companyId, choice.subCompanyId);
  const active = [choice.companyId, choice.subCompanyId, choice.outletId, choice.rankId].filter(Boolean).length;
  return (
    <>
      <details className={styles.filters}>
        <summary>{active > 0 ? t('chat.create.filtersActive', { count: active }) : t('chat.create.filters')}</summary>
        <div className={styles.filterGrid}>
          <OrgSelect
            label={t('chat.create.company')}
            value={choice.companyId}
            options={options.companies}
            onChange={(companyId) => onChange({ ...choice, companyId, subCompanyId: '', outletId: '' })}
          />
          <OrgSelect
            label={t('chat.create.subCompany')}
            value={choice.subCompanyId}
            options={options.subCompanies}
            onChange={(subCompanyId) => onChange({ ...choice, subCompanyId, outletId: '' })}
          />
          <OrgSelect label={t('chat.create.outlet')} value={choice.outletId} options={options.outlets} onChange={(outletId) => onChange({ ...choice, outletId })} />
          <OrgSelect label={t('chat.create.rank')} value={choice.rankId} options={options.ranks} onChange={(rankId) => onChange({ ...choice, rankId })} />
        </div>
      </details>
      {options.failed && (
        <p className={styles.notice} role="status">
          {t('chat.create.filtersUnavailable')}
        </p>
      )}
    </>
  );
}
