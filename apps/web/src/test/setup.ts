import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { closeAuthModal } from '@/lib/auth-modals';
import { clearToken } from '@/lib/auth-token';
import { server } from './server';

// jsdom lays nothing out: nothing is resized or scrolled. Radix's checkbox needs the observer to
// exist, the combobox and the payment failure scroll into view.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;

// A request no test answers never reaches the network, and fails the test that made it (the app
// may well carry on after the failed request, as it would offline).
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unanswered.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  cleanup();
  expect(unanswered.splice(0), 'requests no handler answered').toEqual([]);
  vi.clearAllMocks();
  server.resetHandlers();
  clearToken();
  closeAuthModal();
  window.localStorage.clear();
});
afterAll(() => server.close());
