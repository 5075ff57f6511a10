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
  return fullNameOf(profile);
}

/** First and last name, for where the display name is not used (a receipt, a staff notice). */
export function fullNameOf(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
