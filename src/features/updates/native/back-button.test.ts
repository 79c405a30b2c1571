// The hardware back button: SPEC §2's rule at priority 10, and handlers above it taking precedence.
import { describe, expect, it } from 'vitest';
import { APP_BACK_PRIORITY, appBackAction, createBackButtonRouter, DIALOG_BACK_PRIORITY } from './back-button.ts';

describe('appBackAction', () => {
  it('goes back on /chats/chat and leaves the app everywhere else', () => {
    expect(appBackAction('/chats/chat')).toBe('back');
    expect(appBackAction('/chats/chat/')).toBe('back');
    for (const path of ['/home', '/chats', '/chats/detail', '/live-chat/chat-room', '/login', '/']) expect(appBackAction(path), path).toBe('exit');
  });
});

describe('the back button router', () => {
  it('runs the app rule at priority 10 when nothing else is registered', () => {
    const router = createBackButtonRouter();
    const calls: string[] = [];
    router.register(APP_BACK_PRIORITY, () => calls.push('app'));
    router.handle();
    expect(calls).toEqual(['app']);
  });

  it('lets a higher priority (an open dialog) take the press, and pass it on with next()', () => {
    const router = createBackButtonRouter();
    const calls: string[] = [];
    router.register(APP_BACK_PRIORITY, () => calls.push('app'));
    const unregister = router.register(DIALOG_BACK_PRIORITY, () => calls.push('dialog'));
    router.handle();
    expect(calls).toEqual(['dialog']);
    router.register(DIALOG_BACK_PRIORITY, (next) => (calls.push('latest'), next()));
    router.handle();
    expect(calls).toEqual(['dialog', 'latest', 'dialog']);
    unregister();
    router.handle();
    expect(calls).toEqual(['dialog', 'latest', 'dialog', 'latest', 'app']);
  });

  it('does nothing without handlers', () => {
    expect(() => createBackButtonRouter().handle()).not.toThrow();
  });
});
