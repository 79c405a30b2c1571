// The room's parts that are not its first content (issue 24): who is typing and the search button,
// shown once the messages are, and the search bar, loaded on that button's tap.
import { lazyComponent } from '../../../shared/loading/lazy-component.tsx';

export const TypingIndicator = lazyComponent(() => import('./typing-indicator.tsx').then((module) => ({ default: module.TypingIndicator })));
export const RoomSearchButton = lazyComponent(() => import('./room-search-button.tsx').then((module) => ({ default: module.RoomSearchButton })));
export const RoomSearch = lazyComponent(() => import('./room-search.tsx').then((module) => ({ default: module.RoomSearch })));
