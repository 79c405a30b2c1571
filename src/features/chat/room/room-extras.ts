// The room's parts that are not its first content: who is typing (shown once the messages are) and the
// search bar (loaded on the tap of the header's search button).
import { lazyComponent } from '../../../shared/loading/lazy-component.tsx';

export const TypingIndicator = lazyComponent(() => import('./typing-indicator.tsx').then((module) => ({ default: module.TypingIndicator })));
export const RoomSearch = lazyComponent(() => import('./room-search.tsx').then((module) => ({ default: module.RoomSearch })));
