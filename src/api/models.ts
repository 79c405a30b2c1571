// The contract's data shapes that screens and shared components read, named once here so nothing
// outside src/api and the api modules reaches into generated/ (types only: nothing is bundled).
export type { FeedAuthor, Like, LikesResponse, UserDataResponse } from '../../generated/http/types.gen.ts';
export type { ChatMessage as LiveChatMessage } from '../../generated/realtime/types.gen.ts';
// A call event as realtime parsed it (SPEC §3, §4), handed to the calls feature through its port (src/features/calls/registry/calls-port.ts).
export type { CallEventType, GlobalEvent as CallEvent } from '../../generated/realtime/types.gen.ts';
