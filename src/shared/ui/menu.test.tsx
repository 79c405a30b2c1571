// The menu button as a keyboard and screen-reader user meets it (WAI-ARIA menu button pattern).
// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteIcon, MutedIcon } from './icons.tsx';
import { Menu, type MenuItem } from './menu.tsx';

afterEach(cleanup);

function renderMenu() {
  const mute = vi.fn();
  const files = vi.fn();
  const remove = vi.fn();
  const items: MenuItem[] = [
    { key: 'mute', label: 'Mute', icon: MutedIcon, onSelect: mute },
    { key: 'files', label: 'Files and links', onSelect: files },
    { key: 'delete', label: 'Delete chat', icon: DeleteIcon, tone: 'danger', onSelect: remove },
  ];
  render(
    <>
      <Menu label="Room menu" items={items} />
      <button type="button">After</button>
    </>,
  );
  return { mute, files, remove, user: userEvent.setup(), trigger: screen.getByRole('button', { name: 'Room menu' }) };
}

const focusedText = () => document.activeElement?.textContent;

describe('Menu', () => {
  it('is a named button that says it opens a menu, closed at first', () => {
    const { trigger } = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a click opens it on the first item; choosing an item closes it, focuses the trigger, then runs it', async () => {
    const { trigger, user, remove } = renderMenu();
    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Room menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute', 'Files and links', 'Delete chat']);
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(focusedText()).toBe('Mute');
    await user.click(screen.getByRole('menuitem', { name: 'Delete chat' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('arrows move and wrap, Home and End jump, Enter chooses', async () => {
    const { trigger, user, files } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toBe('Mute');
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toBe('Files and links');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedText()).toBe('Mute');
    await user.keyboard('{ArrowUp}');
    expect(focusedText()).toBe('Delete chat');
    await user.keyboard('{Home}');
    expect(focusedText()).toBe('Mute');
    await user.keyboard('{End}');
    expect(focusedText()).toBe('Delete chat');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(files).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(trigger);
  });

  it('ArrowUp opens on the last item, Space chooses, a letter jumps to an item', async () => {
    const { trigger, user, mute } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(focusedText()).toBe('Delete chat');
    await user.keyboard('f');
    expect(focusedText()).toBe('Files and links');
    await user.keyboard('m');
    expect(focusedText()).toBe('Mute');
    await user.keyboard(' ');
    expect(mute).toHaveBeenCalledTimes(1);
  });

  it('Enter and Space on the trigger open it', async () => {
    const { trigger, user } = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('Escape closes it without choosing and gives focus back to the trigger', async () => {
    const { trigger, user, mute, files, remove } = renderMenu();
    await user.click(trigger);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect([mute, files, remove].every((spy) => spy.mock.calls.length === 0)).toBe(true);
  });

  it('Tab closes it and moves on past the trigger', async () => {
    const { trigger, user } = renderMenu();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focusedText()).toBe('After');
  });

  it('a press outside closes it', async () => {
    const { trigger, user, mute } = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(mute).not.toHaveBeenCalled();
  });

  it('a disabled item is announced but does nothing', async () => {
    const onSelect = vi.fn();
    render(<Menu label="Actions" items={[{ key: 'a', label: 'Archive', disabled: true, onSelect }]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const item = screen.getByRole('menuitem', { name: 'Archive' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    await user.click(item);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
  });
});
