// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/react.tsx';
import type { Translator } from '../../i18n/translator.ts';
import { createTestI18n } from '../../testing/test-i18n.ts';
import { PostCard } from './post-card.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

describe('a post shows what others wrote without bidirectional controls', () => {
  it('in its title, its author and its commenters', () => {
    render(
      <I18nProvider i18n={i18nInstance}>
        <PostCard
          title={'Payslips: slip\u202Efdp.exe'}
          author={{ id: 7, first_name: '\u202EDewi', last_name: 'Kartika\u2066' }}
          html="<p>text</p>"
          comments={[{ id: 1, comment: 'ok', user: { id: 8, first_name: 'Rizky\u202B', last_name: 'Pratama' }, likes_count: 0 }]}
          onOpenLikes={() => undefined}
        />
      </I18nProvider>,
    );
    const post = screen.getByRole('article', { name: 'Payslips: slipfdp.exe' });
    expect(within(post).getByText('Dewi Kartika')).toBeDefined();
    expect(within(post).getByText('Rizky Pratama')).toBeDefined();
    // The avatar's initials and text alternative too.
    expect(within(post).getByRole('img', { name: 'Dewi Kartika' }).textContent).toBe('DK');
    expect(post.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});

describe('a long comment list (issue 37)', () => {
  it('shows the latest comments a page at a time, with a button for the earlier ones', async () => {
    const comments = Array.from({ length: 5 }, (_, index) => ({ id: index + 1, comment: `Comment ${index + 1}`, user: { id: 8, first_name: 'Rizky', last_name: 'Pratama' }, likes_count: 0 }));
    render(
      <I18nProvider i18n={i18nInstance}>
        <PostCard title="Town hall" html="<p>text</p>" comments={comments} commentsCount={7} commentsPage={3} onOpenLikes={() => undefined} />
      </I18nProvider>,
    );
    const post = screen.getByRole('article', { name: 'Town hall' });
    const shown = () => within(post).getAllByRole('listitem').map((item) => /Comment \d/.exec(item.textContent ?? '')?.[0]);
    expect(shown()).toEqual(['Comment 3', 'Comment 4', 'Comment 5']);
    expect(within(post).getByText('7')).toBeDefined();
    await userEvent.setup().click(within(post).getByRole('button', { name: 'Show earlier comments (2)' }));
    expect(shown()).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4', 'Comment 5']);
    expect(within(post).queryByRole('button', { name: /Show earlier comments/ })).toBeNull();
  });
});
