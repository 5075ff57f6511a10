/**
 * 'Hello, {display name, or first and last name}' and the New Customers card. Its own module,
 * without zod, so the pages that only show a name do not load the schemas.
 */
export function displayNameOf(profile: {
  displayName: string;
  firstName: string;
  lastName: string;
}): string {
  const display = profile.displayName.trim();
  if (display) return display;
  return `${profile.firstName} ${profile.lastName}`.trim();
}
