import type { BusinessDetailsAnswer } from '@noise/shared/business-details';

/** The business details answer as a shop starts: a name and nothing else saved (tests only). */
export const blankBusinessDetails: BusinessDetailsAnswer = {
  companyName: 'Make Noise Agency',
  abn: '',
  address: '',
  contactUrl: '',
  logoUrl: '',
  supportEmail: '',
  brandColour: '',
  emailFooter: '',
  privacyUrl: '',
  termsUrl: '',
  bankAccountName: '',
  bankBsb: '',
  bankAccountNumber: '',
  invoiceReminderDaysBefore: 3,
  invoiceReminderDaysAfter: 1,
  savedAt: null,
  savedByName: null,
};
