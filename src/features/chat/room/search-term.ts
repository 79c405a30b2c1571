// The words the room search is showing (room-search.tsx): message texts mark them (message-text.tsx).
// Empty when the search is closed. A context of its own, so the room's start carries nothing else of
// the search: the bar itself is a chunk loaded on the tap.
import { createContext } from 'react';

export const SearchTermContext = createContext('');
