// The fields of a group's settings: a list of chips with a text field to add one (business units) and
// a list of checkboxes over org options (companies, outlets). Values the options do not know are kept
// and shown as they are, so saving never drops a setting silently.
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import type { OrgOption } from '../api/directory.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { CloseIcon, PlusIcon } from '../../../shared/ui/icons.tsx';
import detailStyles from './detail.module.css';
import styles from './settings-fields.module.css';

const labelOf = (options: readonly OrgOption[], value: string) => options.find((option) => option.id === value)?.name ?? value;

const toggled = (values: readonly string[], value: string) => (values.includes(value) ? values.filter((known) => known !== value) : [...values, value]);

/** Free strings as chips; the suggestions (by name) put the option's id in the field. */
export function ChipsField({ legend, label, values, suggestions, onChange }: { legend: string; label: string; values: readonly string[]; suggestions: readonly OrgOption[]; onChange(values: string[]): void }) {
  const { t } = useTranslation();
  const listId = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    if (value && !values.includes(value)) onChange([...values, value]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {values.length === 0 ? (
        <p className={detailStyles.muted}>{t('chat.detail.noneSelected')}</p>
      ) : (
        <ul className={styles.chips}>
          {values.map((value) => (
            <li key={value} className={styles.chip}>
              {labelOf(suggestions, value)}
              <button type="button" onClick={() => onChange(values.filter((known) => known !== value))} aria-label={t('chat.detail.removeChip', { name: labelOf(suggestions, value) })}>
                <CloseIcon size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.chipAdd}>
        <input className={detailStyles.field} value={draft} onChange={(event) => setDraft(event.target.value)} onKeyDown={onKeyDown} list={listId} aria-label={label} placeholder={label} />
        <datalist id={listId}>
          {suggestions.map((option) => (
            <option key={option.id} value={option.id} label={option.name} />
          ))}
        </datalist>
        <Button variant="secondary" icon={PlusIcon} onClick={add} disabled={draft.trim() === ''}>
          {t('chat.detail.addBusinessUnit')}
        </Button>
      </div>
    </fieldset>
  );
}

/** Many of a list of options, as checkboxes. */
export function OptionsField({ legend, options, values, onChange }: { legend: string; options: readonly OrgOption[]; values: readonly string[]; onChange(values: string[]): void }) {
  const { t } = useTranslation();
  // An option without an id (the field is inferred) could not be sent: left out; one without a name shows its id.
  const known = options.flatMap((option) => (option.id === undefined ? [] : [{ id: option.id, name: option.name ?? option.id }]));
  const unknown = values.filter((value) => !known.some((option) => option.id === value));
  const shown = [...known, ...unknown.map((id) => ({ id, name: id }))];
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {shown.length === 0 ? (
        <p className={detailStyles.muted}>{t('chat.detail.noOptions')}</p>
      ) : (
        <div className={styles.options}>
          {shown.map((option) => (
            <label key={option.id} className={styles.option}>
              <input type="checkbox" className={detailStyles.check} checked={values.includes(option.id)} onChange={() => onChange(toggled(values, option.id))} />
              {option.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
