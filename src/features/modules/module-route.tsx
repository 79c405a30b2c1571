import { useLocation } from 'react-router';
import { ModulePage } from './module-page.tsx';

/** A route without a native screen: its web module, at the same path (route parameters included). */
export function ModuleRoute({ titleKey }: { titleKey: string }) {
  const { pathname } = useLocation();
  return <ModulePage path={pathname.replace(/^\/+/, '')} titleKey={titleKey} />;
}
