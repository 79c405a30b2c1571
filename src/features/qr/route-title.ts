// The title of the app screen an in-app path leads to (for "This code opens …"), from the route table.
import { APP_ROUTES } from '../../shared/routes/app-routes.ts';

/** The i18n key of the title of the route `path` (a safe in-app path) names; undefined if none. */
export function routeTitleKey(path: string): string | undefined {
  const segments = path.split(/[?#]/, 1)[0]!.replace(/^\/+|\/+$/g, '').split('/');
  const route = APP_ROUTES.find((candidate) => {
    const pattern = candidate.path.split('/');
    return pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]);
  });
  return route?.titleKey;
}
