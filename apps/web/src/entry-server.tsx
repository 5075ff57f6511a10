import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from '@/app/app';

/** A query's answer the page is drawn with, as the app's query cache keeps it. */
export interface SeededQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * The public pages drawn on the server (plugins/landing-pages.ts on the server calls it): the
 * same tree as main.tsx's, at `url`, with the answers the page needs already in its query cache,
 * every lazy part it shows loaded (prerender waits for them). The browser then hydrates this
 * markup with the same answers (app/prefetch.ts), so the two draw the same thing. Nothing here
 * may depend on the visitor: the result is cached and sent to everyone.
 */
export async function render(url: string, queries: readonly SeededQuery[]): Promise<string> {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  for (const { queryKey, data } of queries) client.setQueryData(queryKey, data);
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={url}>
          <AppContent />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  client.clear();
  return html;
}
