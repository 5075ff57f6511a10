import { formatDay } from '@noise/shared/format-day';

/**
 * A date as mails and documents give it ('01 Apr, 2026', the site's way), on the calendar of
 * `timeZone` (BUSINESS_TIMEZONE): a charge at 14:30 UTC on 31 March is 1 April in Sydney.
 */
export const mailDate = (d: Date, timeZone = 'Australia/Sydney') => formatDay(d, timeZone);
