// A returning user's first feed is requested while the app starts, before the full SDK and its
// schemas have loaded (they are not in the initial JavaScript): it goes through the start-up SDK
// (generated/http-start: the same client, no validators), the raw answer waits here, and the feed's
// query validates it with the contract's schema when it takes it (src/features/feed/api/feed.ts). Its text is the home
// screen's largest paint, so this removes one round trip from it.
import { getFeed } from '../../generated/http-start/sdk.gen.ts';

export const FIRST_FEED_GROUP = 'company_wide';

let early: Promise<unknown> | undefined;

export function requestFirstFeedEarly(): void {
  early = getFeed({ query: { group_type: FIRST_FEED_GROUP, page: 1 }, throwOnError: true })
    .then(({ data }) => data as unknown)
    // Any failure: the feed's own query asks again, and reports what goes wrong then.
    .catch(() => undefined);
}

/** The early answer for that page, once; undefined when there is none (the query then fetches). */
export async function takeFirstFeed(group: string, page: unknown): Promise<unknown> {
  if (early === undefined || group !== FIRST_FEED_GROUP || page !== 1) return undefined;
  const answer = early;
  early = undefined;
  return answer;
}
