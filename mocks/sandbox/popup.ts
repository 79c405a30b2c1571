// The announcement pop-up (SPEC §2: "On opening it marks the announcement as viewed"; SPEC §7
// POST /popup/mark-as-viewed with announcement_id). GET /popup/announcement (x-inferred) offers each
// employee the announcement until they have viewed it, then nothing: the sandbox remembers who viewed
// what (per user, for as long as it runs), so the pop-up no longer comes back at every start. A body
// the contract refuses (no integer announcement_id) gets 422, as every sandbox route's.
import type { Announcement } from '../../generated/http/types.gen.ts';
import { userIdFromRequest } from './chat/identity.ts';
import { operation, type SandboxResource } from './routes.ts';

/** The contract's `success` example of getPopupAnnouncement (openapi/paths/popup.yaml). */
export const POPUP_ANNOUNCEMENT: Announcement = {
  id: 1300,
  title: 'Year-end leave reminder',
  content:
    '<h2>Year-end leave</h2><p>Submit your leave requests before <b>1 December</b>. See the <a href="https://hr.company.example/leave">leave policy</a>.</p><ul><li>Annual leave</li><li>Special leave</li></ul>',
};

const ANNOUNCEMENTS: readonly Announcement[] = [POPUP_ANNOUNCEMENT];

export function createPopupResource(): SandboxResource {
  const viewedBy = new Map<number, Set<number>>();
  const viewed = (userId: number) => {
    let ids = viewedBy.get(userId);
    if (!ids) viewedBy.set(userId, (ids = new Set()));
    return ids;
  };
  return {
    name: 'popup',
    routes: [
      operation('GET', '/popup/announcement', 'getPopupAnnouncement', (context) => {
        const seen = viewed(userIdFromRequest(context.request));
        return context.ok({ announcement: ANNOUNCEMENTS.find((announcement) => !seen.has(announcement.id)) ?? null });
      }),
      operation('POST', '/popup/mark-as-viewed', 'markPopupAsViewed', async (context) => {
        // Any announcement id the contract takes is recorded: the app may have been shown announcements
        // the sandbox did not serve (a browser test's own), and marking those viewed must work too.
        const { announcement_id: id } = await context.body();
        viewed(userIdFromRequest(context.request)).add(id);
        return context.ok({ message: 'Announcement marked as viewed.' });
      }),
    ],
  };
}
