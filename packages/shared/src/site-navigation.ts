import { z } from 'zod';

/**
 * PUT /api/navigation: the header and the footer's 'Services' column
 * (docs/product.md#site-navigation). Each link leads to a service or a content page by id; the
 * server refuses one whose record does not exist or is archived.
 */
export const navigationEntrySchema = z.object({
  label: z.string().trim().min(1, 'Enter the text of the link').max(60, 'At most 60 characters'),
  kind: z.enum(['service', 'page']),
  id: z.string().trim().min(1, 'Choose where the link leads').max(64),
});

export const siteNavigationSchema = z.object({
  header: z.array(navigationEntrySchema).max(12, 'The header holds at most 12 links'),
  footer: z.array(navigationEntrySchema).max(16, 'The footer holds at most 16 links'),
});
