import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/server-preview.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { DialogHost } from './components/dialogs/DialogHost.tsx';
import { NoticeHost } from './components/dialogs/NoticeHost.tsx';
import { onUnauthorized } from './features/auth/session-expiry.ts';
import { recoverWhenNetworkReturns } from './lib/network-return.ts';
import { seedQueriesFromPage } from './app/page-data.ts';
import { cssVariablesResolver, theme } from './app/theme.ts';

// Any call refused with 401 while signed in returns to login (session-expiry.ts).
const signedOut = (error: unknown) => onUnauthorized(queryClient)(error);
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signedOut }),
  mutationCache: new MutationCache({ onError: signedOut }),
  defaultOptions: {
    // 'offlineFirst': a read is tried even when the browser says offline, so the service
    // worker can answer with what the phone last saw.
    queries: { refetchOnWindowFocus: false, retry: 1, networkMode: 'offlineFirst' },
  },
});
seedQueriesFromPage(queryClient);
recoverWhenNetworkReturns();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        {/* Both mount their Mantine parts on first use (dialogs/index.ts). */}
        <DialogHost />
        <NoticeHost />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// After the page has loaded: installing the worker (and its precaching) never competes with
// the first screen.
window.addEventListener('load', () => {
  void import('./features/offline/service-worker-client.ts').then((m) => m.registerServiceWorker());
});
