// A chat room's route (/chats/chat, /live-chat/chat-room). On a wide screen the chat list stands beside
// the room with the room's row selected, and the room's header has no Back (the list is right there); on
// a phone the room is the whole screen, as before, with Back. The list's
// code is fetched only when the screen is wide (a dynamic import), so the room's first content never
// waits for it.

import { useSearchParams } from 'react-router';
import { ChatRoomScreen } from '../room/chat-room-screen.tsx';
import styles from './chat-split.module.css';
import { useWideScreen } from '../../../shared/ui/wide-screen.ts';
import { lazyComponent } from '../../../shared/loading/lazy-component.tsx';
import { DeferredBoundary } from '../../../shared/loading/deferred-boundary.tsx';
import { HeaderAccountContext } from '../../../shared/ui/header-account.tsx';

const ChatListPane = lazyComponent(() => import('./chat-list-screen.tsx').then((module) => ({ default: module.ChatList })));

export function ChatRoomRoute() {
  const wide = useWideScreen();
  const [params] = useSearchParams();
  if (!wide) return <ChatRoomScreen />;
  return (
    <div className={styles.split}>
      <DeferredBoundary name="the chat list beside the room" fallback={<div className={styles.pane} />}>
        <ChatListPane selectedUuid={params.get('uuid') ?? ''} />
      </DeferredBoundary>
      <div className={styles.roomPane}>
        {/* The list's header has the account entry (the tab shell's); the room's does not repeat it. */}
        <HeaderAccountContext.Provider value={null}>
          <ChatRoomScreen besideList />
        </HeaderAccountContext.Provider>
      </div>
    </div>
  );
}
