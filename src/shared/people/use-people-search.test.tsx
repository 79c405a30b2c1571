// @vitest-environment happy-dom
// Issue 37, item 2: people found as one types (SPEC §9's default debounce, 300 ms), the request a newer
// query replaces cancelled, an older answer never shown over a newer one, and the "Search Employees"
// button (or Enter) searching at once. On fake timers: every wait is the test's own clock.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../testing/render-app.tsx';
import { usePeopleSearch, type PeopleFields } from './use-people-search.ts';

interface Asked {
  fields: PeopleFields;
  signal: AbortSignal;
  answer(names: string[]): void;
  fail(error: Error): void;
}

let asked: Asked[];
const onError = vi.fn();

/** What each search asked; the test answers each when it likes. */
function find(fields: PeopleFields, signal: AbortSignal): Promise<string[]> {
  return new Promise((resolve, reject) => asked.push({ fields, signal, answer: resolve, fail: reject }));
}

function Harness() {
  const search = usePeopleSearch({ key: ['test'], find, onError });
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        search.searchNow();
      }}
    >
      <input aria-label="Employee name" value={search.fields.employee_name} onChange={(event) => search.setField('employee_name', event.target.value)} />
      <input aria-label="Job title" value={search.fields.employee_job_title} onChange={(event) => search.setField('employee_job_title', event.target.value)} />
      <button type="submit">Search Employees</button>
      {search.idle ? <p>Recent contacts</p> : null}
      {search.searching ? <p>Searching</p> : null}
      <ul aria-label="Found">{search.results?.map((name) => <li key={name}>{name}</li>)}</ul>
    </form>
  );
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const found = () => screen.getByRole('list', { name: 'Found' }).textContent;
const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  onError.mockReset();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the people search as one types', () => {
  it('asks nothing before anything is typed (the recent contacts show), nor before typing has paused for 300 ms', async () => {
    expect(screen.getByText('Recent contacts')).toBeTruthy();
    await wait(1000);
    expect(asked).toHaveLength(0);
    type('Employee name', 'b');
    await wait(299);
    expect(asked).toHaveLength(0);
    await wait(1);
    expect(asked.map((search) => search.fields)).toEqual([{ employee_name: 'b', employee_job_title: '' }]);
    expect(screen.queryByText('Recent contacts')).toBeNull();
  });

  it('asks once for a burst of typing, with what was typed last', async () => {
    for (const text of ['b', 'bu', 'bud', 'budi']) {
      type('Employee name', text);
      await wait(120);
    }
    type('Job title', 'dr');
    await wait(299);
    expect(asked).toHaveLength(0);
    await wait(1);
    expect(asked.map((search) => search.fields)).toEqual([{ employee_name: 'budi', employee_job_title: 'dr' }]);
    asked[0]!.answer(['Budi Santoso']);
    await wait(0);
    expect(found()).toBe('Budi Santoso');
  });

  it('cancels the search a newer query replaces, and never shows the older answer over the newer one', async () => {
    type('Employee name', 'bu');
    await wait(300);
    type('Employee name', 'budi');
    await wait(300);
    expect(asked.map((search) => search.fields.employee_name)).toEqual(['bu', 'budi']);
    expect(asked[0]!.signal.aborted).toBe(true);
    expect(asked[1]!.signal.aborted).toBe(false);

    asked[1]!.answer(['Budi Santoso']);
    await wait(0);
    expect(found()).toBe('Budi Santoso');
    // The older, slower answer comes after all: it is not shown.
    asked[0]!.answer(['Budi Santoso', 'Bunga Citra', 'Bulan Sari']);
    await wait(1000);
    expect(found()).toBe('Budi Santoso');
  });

  it('keeps the last answer while the next one is on its way, marked as searching', async () => {
    type('Employee name', 'bu');
    await wait(300);
    asked[0]!.answer(['Budi Santoso', 'Bunga Citra']);
    await wait(0);
    type('Employee name', 'bun');
    await wait(300);
    expect(found()).toBe('Budi SantosoBunga Citra');
    expect(screen.getByText('Searching')).toBeTruthy();
    asked[1]!.answer(['Bunga Citra']);
    await wait(0);
    expect(found()).toBe('Bunga Citra');
    expect(screen.queryByText('Searching')).toBeNull();
  });

  it('searches at once with the button (and Enter), again for the same words, and with empty fields (everyone, SPEC §5)', async () => {
    type('Employee name', 'siti');
    fireEvent.click(screen.getByRole('button', { name: 'Search Employees' }));
    await wait(0);
    expect(asked.map((search) => search.fields)).toEqual([{ employee_name: 'siti', employee_job_title: '' }]);
    // The pause after typing does not ask a second time.
    await wait(1000);
    expect(asked).toHaveLength(1);
    asked[0]!.answer(['Siti Rahmawati']);
    await wait(0);
    // The same words again: asked again.
    fireEvent.submit(screen.getByRole('search'));
    await wait(0);
    expect(asked).toHaveLength(2);
    asked[1]!.answer(['Siti Rahmawati']);
    await wait(0);

    type('Employee name', '');
    await wait(300);
    expect(screen.getByText('Recent contacts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search Employees' }));
    await wait(0);
    expect(asked.at(-1)!.fields).toEqual({ employee_name: '', employee_job_title: '' });
  });

  it('keeps the last answer when a newer search fails', async () => {
    type('Employee name', 'bu');
    await wait(300);
    asked[0]!.answer(['Budi Santoso']);
    await wait(0);
    type('Employee name', 'bud');
    await wait(300);
    asked[1]!.fail(new Error('offline'));
    await wait(0);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(found()).toBe('Budi Santoso');
    expect(screen.queryByText('Searching')).toBeNull();
  });

  it('tells a failure once (the catalogue alert), and clearing the fields goes back to the recent contacts without asking', async () => {
    type('Employee name', 'x');
    await wait(300);
    asked[0]!.fail(new Error('offline'));
    await wait(0);
    expect(onError).toHaveBeenCalledTimes(1);
    type('Employee name', '');
    await wait(1000);
    expect(asked).toHaveLength(1);
    expect(screen.getByText('Recent contacts')).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
