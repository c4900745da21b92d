import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/**
 * How screens read data: a failed read is shown at once with Retry (no silent retries), polling
 * goes on in a background tab (another participant's page may be in front), and nothing is read
 * again merely because the window got focus.
 */
function screenQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchIntervalInBackground: true } },
  });
}

/** Each remote's module wraps its routes in this: one cache per mounted module, none in the shell or the landing page. */
export function SessionDataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(screenQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
