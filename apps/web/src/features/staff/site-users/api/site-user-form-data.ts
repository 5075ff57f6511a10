import type { Role } from '@noise/shared/roles';

export interface SiteUserValues {
  email: string;
  role: Role | '';
  password: string;
  firstName: string;
  lastName: string;
  displayName: string;
  contactNumber: string;
  bio: string;
}

/**
 * The multipart body of docs/product.md#api-calls: email, role, optional password, profile[...]
 * fields and profilePhoto when chosen. The password goes only when entered and the user may have
 * one. An edit sends no role: a role changes through 'Change role', confirmed on its own.
 */
export function toSiteUserFormData(
  values: SiteUserValues,
  options: { photo: File | null; sendPassword: boolean; sendRole: boolean },
): FormData {
  const form = new FormData();
  form.append('email', values.email.trim());
  if (options.sendRole) form.append('role', values.role);
  if (options.sendPassword && values.password) form.append('password', values.password);
  form.append('profile[firstName]', values.firstName);
  form.append('profile[lastName]', values.lastName);
  form.append('profile[displayName]', values.displayName);
  form.append('profile[contactNumber]', values.contactNumber);
  form.append('profile[bio]', values.bio);
  if (options.photo) form.append('profilePhoto', options.photo);
  return form;
}
