// The tabs' icons, loaded once the first content shows (tab-shell.tsx): the tabs work and read by their
// names from the start, and the icon set's code stays out of the start screens' first paint.
import { CallIcon, ChatIcon, HomeIcon } from '../shared/ui/icons.tsx';

const ICONS = { home: HomeIcon, chat: ChatIcon, call: CallIcon } as const;

export type TabIconName = keyof typeof ICONS;

export function TabIcon({ name }: { name: TabIconName }) {
  const Icon = ICONS[name];
  return <Icon size={24} aria-hidden="true" />;
}
