/** Sign-in through the API, so browser tests can start signed in (docs/architecture.md). */
export async function apiSignUp(
  baseUrl: string,
  user: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber?: string;
    password?: string;
  },
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '0412345678', password: 'e2e password 123', ...user }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function apiStaffLogin(
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`staff sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
