// What Home loads once its first content shows (home-page.tsx): the header's My QR, bell and More, and
// the quick links. One chunk for them all, fetched in one request.
import { MoreButton } from '../../features/more/index.ts';
import { MyQrButton } from './my-qr-button.tsx';
import { NotificationBell } from './notification-bell.tsx';

export { QuickLinks } from '../../features/links/index.ts';

export function HeaderActions() {
  return (
    <>
      <MyQrButton />
      <NotificationBell />
      <MoreButton />
    </>
  );
}
