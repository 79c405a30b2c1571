// What Home shows under the feed (on wide screens, beside it): every service and the settings. Its
// own chunk, loaded once Home shows its content, so the services' icons stay out of Home's first paint.
import { HomeServices } from './home-services.tsx';
import { HomeSettings } from './home-settings.tsx';

export function HomeBelowTheFold({ onLogout }: { onLogout(): void }) {
  return (
    <>
      <HomeServices />
      <HomeSettings onLogout={onLogout} />
    </>
  );
}
