// The design system's components in each of their states, as a person (or a screen reader) meets them.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render as rtlRender, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/react.tsx';
import type { Translator } from '../i18n/translator.ts';
import { createTestI18n } from '../testing/test-i18n.ts';
import { Avatar } from './avatar.tsx';
import { CountBadge, badgeLabel } from './badge.tsx';
import { Button, IconButton } from './button.tsx';
import { Chip, FilterChip } from './chip.tsx';
import { CloseIcon, MicOffIcon, SendIcon } from './icons.tsx';
import { ListRow } from './list-row.tsx';
import { EmptyState, ErrorState, Skeleton } from './states.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

const wrap = (ui: ReactElement) => <I18nProvider i18n={i18nInstance}>{ui}</I18nProvider>;
function render(ui: ReactElement) {
  const result = rtlRender(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}

describe('Button', () => {
  it('is a button with its text and icon, and a busy one cannot be pressed twice', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button icon={SendIcon} onClick={onClick}>
        Send
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button busy onClick={onClick}>
        Send
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Send' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
  });
});

describe('IconButton', () => {
  it('is named by its label, shows it as a tooltip, and says when a toggle is pressed', () => {
    render(<IconButton icon={CloseIcon} label="Close" />);
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button.getAttribute('title')).toBe('Close');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('with its label shown, the label is its name; pressed is announced', () => {
    render(<IconButton icon={MicOffIcon} label="Unmute" showLabel pressed />);
    const button = screen.getByRole('button', { name: 'Unmute', pressed: true });
    expect(button.textContent).toBe('Unmute');
  });
});

describe('Avatar', () => {
  it('shows the picture named after the person, and the initials when it fails to load', () => {
    const { container } = render(<Avatar src="https://example.test/a.jpg" firstName="Ayu" lastName="Lestari" />);
    const picture = screen.getByRole('img', { name: 'Ayu Lestari' });
    expect(picture.tagName).toBe('IMG');
    fireEvent.error(picture);
    const initials = screen.getByRole('img', { name: 'Ayu Lestari' });
    expect(initials.tagName).toBe('SPAN');
    expect(initials.textContent).toBe('AL');
    expect(container.querySelector('[data-tint]')).not.toBeNull();
  });

  it('a whole name gives the first and last initials; a decorative one is hidden', () => {
    render(<Avatar name="Tim Operasional Gudang" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('TG')).toBeTruthy();
  });
});

describe('CountBadge', () => {
  it.each([
    [0, null],
    [-3, null],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
  ])('%d shows %s', (count, text) => {
    expect(badgeLabel(count)).toBe(text);
    const { container } = render(<CountBadge count={count} />);
    expect(container.textContent || null).toBe(text);
  });
});

describe('Chip', () => {
  it('labels, and a filter chip says whether it is selected', async () => {
    const onClick = vi.fn();
    render(
      <>
        <Chip tone="danger">Urgent</Chip>
        <FilterChip selected={false} onClick={onClick}>
          Unread
        </FilterChip>
      </>,
    );
    expect(screen.getByText('Urgent')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unread', pressed: false }));
    expect(onClick).toHaveBeenCalled();
  });
});

describe('ListRow', () => {
  it('as a link: the whole row goes there, and a title cut short keeps its whole text in a tooltip', () => {
    render(
      <MemoryRouter>
        <ListRow to="/chats/detail" title="Tim Operasional Gudang Jakarta Timur" subtitle="Ayu: Siap!" end="9:41" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/chats/detail');
    expect(screen.getByText('Tim Operasional Gudang Jakarta Timur').getAttribute('title')).toBe('Tim Operasional Gudang Jakarta Timur');
    expect(link.textContent).toContain('Ayu: Siap!');
  });

  it('as a button, and as plain content', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<ListRow title="Budi" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Budi' }));
    expect(onClick).toHaveBeenCalled();
    rerender(<ListRow title="Budi" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('states', () => {
  it('empty: its title and description', () => {
    render(<EmptyState title="No likes" description="Be the first." />);
    expect(screen.getByText('No likes')).toBeTruthy();
    expect(screen.getByText('Be the first.')).toBeTruthy();
  });

  it('error: announced, with its message and Try again', async () => {
    const onRetry = vi.fn();
    render(<ErrorState title="Could not load" message="No connection." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('No connection.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('skeleton: says Loading... once, its shapes hidden', () => {
    const { container } = render(<Skeleton rows={3} />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
  });
});
