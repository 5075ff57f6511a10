/**
 * A date as mails and documents give it ('01 Apr 2026'), on the calendar of `timeZone`
 * (BUSINESS_TIMEZONE): a charge at 14:30 UTC on 31 March is 1 April in Sydney.
 */
export const mailDate = (d: Date, timeZone = 'Australia/Sydney') =>
  d.toLocaleDateString('en-GB', { timeZone, day: '2-digit', month: 'short', year: 'numeric' });
