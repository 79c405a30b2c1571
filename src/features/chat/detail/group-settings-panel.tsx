// "Who can be added" (group admins; SPEC §3 group settings): business units, companies and outlets,
// loaded when the section is opened and saved together (the ids go as strings). "Saved" once the
// server agrees; a failure keeps the choices and shows the catalogue's alert.
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ChevronDownIcon, ChevronUpIcon, RetryIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useOrgOptions } from '../api/directory.ts';
import { useGroupSettings, useSaveGroupSettings, type GroupSettings } from '../api/groups.ts';
import styles from './detail.module.css';
import { ChipsField, OptionsField } from './settings-fields.tsx';

export function GroupSettingsPanel({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.card} aria-label={t('chat.detail.settingsTitle')}>
      <h3 className={styles.sectionTitle}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {t('chat.detail.settingsTitle')}
          {open ? <ChevronUpIcon size={20} aria-hidden="true" /> : <ChevronDownIcon size={20} aria-hidden="true" />}
        </button>
      </h3>
      <div id={bodyId} hidden={!open}>
        {open && <SettingsLoader roomId={roomId} />}
      </div>
    </section>
  );
}

function SettingsLoader({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const settings = useGroupSettings(roomId);
  if (settings.isPending) return <Spinner />;
  if (settings.isError) {
    return (
      <div role="alert">
        <p className={styles.muted}>{t('chat.detail.settingsLoadError')}</p>
        <Button variant="ghost" size="s" icon={RetryIcon} onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  // No settings in the answer (the field is inferred): nothing is restricted yet.
  return <SettingsForm roomId={roomId} initial={settings.data.group_settings ?? NO_SETTINGS} />;
}

type Lists = Omit<GroupSettings, 'chat_room_id'>;

const NO_SETTINGS: GroupSettings = { business_units: [], companies: [], outlets: [] };

function SettingsForm({ roomId, initial }: { roomId: number; initial: GroupSettings }) {
  const { t } = useTranslation();
  const showFailure = useFailureHandler();
  const save = useSaveGroupSettings(roomId);
  // Outlets of every sub-company: the list call without a sub-company answers all of them.
  const org = useOrgOptions('', '');
  const [lists, setLists] = useState<Lists>({
    business_units: initial.business_units.map(String),
    companies: initial.companies.map(String),
    outlets: initial.outlets.map(String),
  });
  const [saved, setSaved] = useState(false);
  const change = (key: keyof Lists) => (values: string[]) => {
    setSaved(false);
    setLists((current) => ({ ...current, [key]: values }));
  };
  const submit = () => save.mutateAsync(lists).then(() => setSaved(true), showFailure);

  return (
    <form className={styles.form} onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}>
      <p className={styles.muted}>{t('chat.detail.settingsHint')}</p>
      {org.failed && (
        <p className={styles.muted} role="alert">
          {t('chat.detail.orgLoadError')}
        </p>
      )}
      <ChipsField legend={t('chat.detail.businessUnits')} label={t('chat.detail.businessUnit')} values={lists.business_units} suggestions={org.subCompanies} onChange={change('business_units')} />
      <OptionsField legend={t('chat.detail.companies')} options={org.companies} values={lists.companies} onChange={change('companies')} />
      <OptionsField legend={t('chat.detail.outlets')} options={org.outlets} values={lists.outlets} onChange={change('outlets')} />
      <div className={styles.buttons}>
        <span role="status" className={styles.status}>
          {saved ? t('chat.detail.saved') : ''}
        </span>
        <Button type="submit" busy={save.isPending}>
          {t('chat.detail.saveSettings')}
        </Button>
      </div>
    </form>
  );
}
