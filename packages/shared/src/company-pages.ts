import { z } from 'zod';
import { COMPANY_PAGE_MAX_LENGTH, companyPageSlugs } from './company-page-list.ts';

export * from './company-page-list.ts';

/**
 * A page's text as the shop wrote it: blank lines part paragraphs, a line starting with '## ' is a
 * heading and lines starting with '- ' make a list. Empty until written: the site then shows its
 * built-in text.
 */
export const companyPageSchema = z.object({
  slug: z.enum(companyPageSlugs),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
});
export type CompanyPage = z.infer<typeof companyPageSchema>;

export const companyPageRequest = z.object({
  body: z
    .string()
    .max(
      COMPANY_PAGE_MAX_LENGTH,
      `Keep the page under ${COMPANY_PAGE_MAX_LENGTH.toLocaleString('en-AU')} characters.`,
    )
    .transform((text) => text.replace(/\r\n?/g, '\n').trim()),
});
export type CompanyPageRequest = z.input<typeof companyPageRequest>;
