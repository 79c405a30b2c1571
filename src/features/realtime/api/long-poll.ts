// The long-poll call (SPEC §7: GET /global-long-polling/new-events), through the generated SDK, so the
// token, the platform headers and the socket id come from src/api and the answer is schema-checked.
import { getNewEvents } from '../../../../generated/http/sdk.gen.ts';
import type { LongPollEvent } from '../../../../generated/http/types.gen.ts';

export type { LongPollEvent };

/** The events queued since the previous poll; rejects with an ApiError on any failure. */
export async function fetchNewEvents(): Promise<LongPollEvent[]> {
  const { data } = await getNewEvents({ throwOnError: true });
  return data.events;
}
