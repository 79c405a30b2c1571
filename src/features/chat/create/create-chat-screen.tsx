// /chats/create (SPEC §2, chats children): creating a v2 group chat, inside the tab shell. Two tabs:
// "New group" (a name and people found by the mass employee search) and "Copy a group" (an existing
// group's members under a new name). Both panels stay mounted, so switching tabs loses nothing typed.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { SegmentTabs } from '../../../shared/ui/segment-tabs.tsx';
import { CopyGroupForm } from './copy-group-form.tsx';
import styles from './create-chat.module.css';
import { NewGroupForm } from './new-group-form.tsx';

type Mode = 'new' | 'copy';
const MODES: ReadonlyArray<{ mode: Mode; labelKey: string }> = [
  { mode: 'new', labelKey: 'chat.create.newGroup' },
  { mode: 'copy', labelKey: 'chat.create.copyGroup' },
];

export function CreateChatScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('new');
  return (
    <section className={styles.screen} aria-labelledby="create-chat-title">
      <ScreenHeader title={t('chat.create.title')} titleId="create-chat-title" back={() => void navigate(paths.chatList('v2'))} />
      <div className={styles.tabBar}>
        <SegmentTabs<Mode>
          segments={MODES.map(({ mode: tab, labelKey }) => ({ id: tab, label: t(labelKey) }))}
          selected={mode}
          onSelect={setMode}
          tabId={(tab) => `create-tab-${tab}`}
          panelId={(tab) => `create-panel-${tab}`}
          label={t('chat.create.modes')}
          className={styles.tabs}
        />
      </div>
      {MODES.map(({ mode: panel }) => (
        <div key={panel} id={`create-panel-${panel}`} role="tabpanel" aria-labelledby={`create-tab-${panel}`} className={styles.panel} hidden={mode !== panel}>
          {panel === 'new' ? <NewGroupForm /> : <CopyGroupForm />}
        </div>
      ))}
    </section>
  );
}
