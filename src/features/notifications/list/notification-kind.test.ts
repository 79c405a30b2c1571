import { describe, expect, it } from 'vitest';
import { BellIcon, CalendarIcon, CallIcon, ChatIcon, HrIcon, VideoIcon } from '../../../shared/ui/icons.tsx';
import { KIND_ICONS, notificationKind } from './notification-kind.ts';

describe('notificationKind', () => {
  it.each([
    ['/chats', ChatIcon],
    ['chats', ChatIcon],
    ['/live-chat/chat-room', ChatIcon],
    ['/video-call', CallIcon],
    ['/online-meetings', VideoIcon],
    ['event-registration/home', CalendarIcon],
    ['ess', HrIcon],
    ['new-purchase-requisition', HrIcon],
    ['/home', BellIcon],
    ['https://evil.example', BellIcon],
    [null, BellIcon],
    [undefined, BellIcon],
  ])('%s shows its icon', (target, icon) => {
    expect(KIND_ICONS[notificationKind({ target_page: target })]).toBe(icon);
  });
});
