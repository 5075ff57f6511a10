import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

const { app } = await createTestApp({ authRateLimitPerMinute: 3 });

describe('sign-in rate limit', () => {
  it('answers 429 with a clear message after the limit from one address', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'someone@example.com', password: 'guess guess' },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt()).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await attempt();
    // The window started with the first attempt: on a busy machine under a minute is left.
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please wait (1 minute|[1-5]?\d seconds) and try again\.$/,
    );
  });
});
