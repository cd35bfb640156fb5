/**
 * The app: one query cache, the session, toasts, tooltips' shared delay, then the routes. Signing out (or a 401) clears
 * the cache and lands on the sign-in page.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { writeSession } from '../api/session-store';
import { SessionProvider } from '../api/session-context';
import { ToastProvider } from '../components/toast';
import { TooltipProvider } from '../components/tooltip';
import { createAppQueryClient } from './query-client';
import { createAppRouter } from './routes';

/** The root component the entry mounts. */
export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(() =>
    createAppQueryClient(() => {
      writeSession(null);
      window.dispatchEvent(new StorageEvent('storage', { key: 'piecework.session' }));
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {/* Outside the toasts: a toast's close button has a tooltip. */}
        <TooltipProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </TooltipProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
