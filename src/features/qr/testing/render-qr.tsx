// Renders a QR screen as the app does: the real English texts and HTTP client (fetch stubbed by the
// test), a QueryClient per test, a router opened at `path`, where the user ends up, and the alert host.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { AlertHost } from '../../../shared/ui/alert-host.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

export function renderQrScreen(ui: ReactNode, { path, queryClient, i18nInstance }: { path: string; queryClient: QueryClient; i18nInstance: Translator }) {
  const route = path.split('?')[0]!;
  return render(
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<h1>Elsewhere</h1>} />
          </Routes>
          <Where />
        </MemoryRouter>
        <AlertHost />
      </QueryClientProvider>
    </I18nProvider>,
  );
}
