import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { closeAuthModal } from '@/lib/auth-modals';
import { clearToken } from '@/lib/auth-token';
import { forgetFormsSent, recordFormsSent, server } from './server';

// jsdom lays nothing out: nothing is resized or scrolled. Radix's checkbox needs the observer to
// exist, the combobox and the payment failure scroll into view.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;

// `findBy…` and `waitFor` wait on a condition; their 1 s default is short for a form rendered on
// a loaded 2-core CI machine, and a longer limit costs nothing when the condition comes.
configure({ asyncUtilTimeout: 5_000 });

// A request no test answers never reaches the network, and fails the test that made it (the app
// may well carry on after the failed request, as it would offline).
const unanswered: string[] = [];
let stopRecording = () => {};
beforeAll(() => {
  server.listen({
    onUnhandledRequest: (request, print) => {
      unanswered.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
  stopRecording = recordFormsSent();
});
afterEach(() => {
  cleanup();
  forgetFormsSent();
  expect(unanswered.splice(0), 'requests no handler answered').toEqual([]);
  vi.clearAllMocks();
  server.resetHandlers();
  clearToken();
  closeAuthModal();
  window.localStorage.clear();
});
afterAll(() => {
  stopRecording();
  server.close();
});
