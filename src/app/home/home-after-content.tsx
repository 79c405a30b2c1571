// What Home loads once its first content shows (home-page.tsx): the header's bell and More, and the
// quick links. One chunk for the three, fetched in one request.
import { MoreButton } from '../../features/more/more-button.tsx';
import { NotificationBell } from './notification-bell.tsx';

export { QuickLinks } from '../../features/links/quick-links.tsx';

export function HeaderActions() {
  return (
    <>
      <NotificationBell />
      <MoreButton />
    </>
  );
}
