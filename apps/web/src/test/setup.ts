import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
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

// A request no test answers fails the test instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  server.resetHandlers();
  clearToken();
  window.localStorage.clear();
});
afterAll(() => server.close());
