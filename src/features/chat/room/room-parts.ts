// Parts of a message that most messages do not have (a file's card with its type icons, a poll, a call's
// line, a reply's quote, reactions, a read receipt): their code is not part of the room's start. The
// room starts fetching it as it opens, beside its first page (preloadMessageParts), so it has normally
// arrived before the messages and renders with them at once.
import { lazyComponent } from '../../../shared/loading/lazy-component.tsx';

export const FileCard = lazyComponent(() => import('./file-card.tsx').then((module) => ({ default: module.FileCard })));
export const PollCard = lazyComponent(() => import('./poll-card.tsx').then((module) => ({ default: module.PollCard })));
export const CallLine = lazyComponent(() => import('./call-line.tsx').then((module) => ({ default: module.CallLine })));
// Replies, forwards, reactions and receipts (issue 24), and the reply bar over the composer: one component.
export const MessageExtra = lazyComponent(() => import('./message-extras.tsx').then((module) => ({ default: module.MessageExtra })));
// A message's quick actions (issue 37), on the first hover or keyboard focus of a message.
export const MessageToolbar = lazyComponent(() => import('./message-toolbar.tsx').then((module) => ({ default: module.MessageToolbar })));

/** Starts fetching the parts (a failure is left for the message that needs one: it is then left out). */
export function preloadMessageParts(): void {
  for (const part of [FileCard, PollCard, CallLine, MessageExtra]) part.preload().catch(() => undefined);
}
