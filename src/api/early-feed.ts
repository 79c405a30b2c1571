// A returning user's first feed is requested while the app starts, before the full SDK and its
// schemas have loaded (they are not in the initial JavaScript): it goes through the start-up SDK
// (generated/http-start: the same client, no validators), the raw answer waits here, and the feed's
// query validates it with the contract's schema when it takes it (src/features/feed/api/feed.ts). Its
// text is the home screen's largest paint, so this removes one round trip from it.
import { getFeed } from '../../generated/http-start/sdk.gen.ts';
import { lazyValue } from './lazy-value.ts';

export const FIRST_FEED_GROUP = 'company_wide';

/** The early request for the first page, started once; taken (and forgotten) by the feed's query. */
const early = lazyValue(() =>
  getFeed({ query: { group_type: FIRST_FEED_GROUP, page: 1 }, throwOnError: true })
    .then(({ data }) => data as unknown)
    // Any failure: the feed's own query asks again, and reports what goes wrong then.
    .catch(() => undefined),
);

export function requestFirstFeedEarly(): void {
  early.get();
}

/** The early answer for that page, once; undefined when there is none (the query then fetches). */
export async function takeFirstFeed(group: string, page: unknown): Promise<unknown> {
  if (group !== FIRST_FEED_GROUP || page !== 1) return undefined;
  return early.reset();
}
