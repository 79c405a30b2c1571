// The hand-over of call events from realtime to calls: nothing is lost to the order the two load in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runLogoutCleanups } from '../session/logout-cleanup.ts';
import { CALL_EVENT_HOLD_MS, handOverCallEvent, receiveCallEvents, type CallEvent } from './call-events.ts';

const incoming = (chatRoomCallId: number): CallEvent => ({ event_type: 'incoming_call', data: { recipient_id: 42, chat_room_call_id: chatRoomCallId } });

let withdraw: (() => void) | undefined;
afterEach(() => {
  withdraw?.();
  withdraw = undefined;
});

describe('call events handed over by realtime', () => {
  it('reach the receiver at once once it is registered', () => {
    const received = vi.fn();
    withdraw = receiveCallEvents(received);
    handOverCallEvent(incoming(1));
    expect(received).toHaveBeenCalledWith(incoming(1));
  });

  it('wait for the receiver when they come first, and reach it in order when it registers', () => {
    handOverCallEvent(incoming(1), 1000);
    handOverCallEvent({ event_type: 'no_answer', data: { chat_room_call_id: 1, rejected_ids: { '42': 42 } } }, 1001);
    const received = vi.fn();
    withdraw = receiveCallEvents(received, 1002);
    expect(received.mock.calls.map(([event]) => (event as CallEvent).event_type)).toEqual(['incoming_call', 'no_answer']);
    // Delivered once: a receiver registering again gets nothing old.
    withdraw();
    const again = vi.fn();
    withdraw = receiveCallEvents(again, 1003);
    expect(again).not.toHaveBeenCalled();
  });

  it('an event that waited longer than a call rings is over: not delivered', () => {
    handOverCallEvent(incoming(1), 0);
    handOverCallEvent(incoming(2), 1);
    const received = vi.fn();
    withdraw = receiveCallEvents(received, CALL_EVENT_HOLD_MS + 1);
    expect(received.mock.calls).toEqual([[incoming(2)]]);
  });

  it('after the receiver withdrew, wait again; a logout forgets what waited', async () => {
    receiveCallEvents(vi.fn())();
    handOverCallEvent(incoming(1));
    await runLogoutCleanups();
    const received = vi.fn();
    withdraw = receiveCallEvents(received);
    expect(received).not.toHaveBeenCalled();
  });
});
