// The hardware back button (Android) as Ionic handles it: handlers by priority, the highest runs and
// may pass on to the next. The app's own rule sits at priority 10 (SPEC §9): on /chats/chat back
// returns to the previous screen; anywhere else it leaves the app (SPEC §2). Dialogs register above it.
import { route } from '../../../shared/routes/app-routes.ts';

export const APP_BACK_PRIORITY = 10;
export const DIALOG_BACK_PRIORITY = 100;

/** Called with `next` to hand the press to the handler below. */
export type BackHandler = (next: () => void) => void;

export interface BackButtonRouter {
  register(priority: number, handler: BackHandler): () => void;
  handle(): void;
}

export function createBackButtonRouter(): BackButtonRouter {
  let order = 0;
  const handlers: { priority: number; order: number; handler: BackHandler }[] = [];
  return {
    register(priority, handler) {
      const entry = { priority, order: (order += 1), handler };
      handlers.push(entry);
      return () => {
        const index = handlers.indexOf(entry);
        if (index >= 0) handlers.splice(index, 1);
      };
    },
    handle() {
      // Highest priority first; among equals the latest registration, as Ionic does.
      const queue = [...handlers].sort((a, b) => b.priority - a.priority || b.order - a.order);
      const run = (index: number): void => queue[index]?.handler(() => run(index + 1));
      run(0);
    },
  };
}

/** The only route where back goes back (SPEC §2); everywhere else it leaves the app. */
export const BACK_ROUTES: readonly string[] = [route('chats/chat')];

export function appBackAction(pathname: string): 'back' | 'exit' {
  const path = pathname.replace(/\/+$/, '') || '/';
  return BACK_ROUTES.includes(path) ? 'back' : 'exit';
}
