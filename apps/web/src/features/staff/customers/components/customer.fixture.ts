import type { User } from '@noise/shared/user';

/** A customer as GET /api/users/clients answers: one of a company's people. */
export const customer: User = {
  _id: 'client-1',
  email: 'jo@loud.example',
  role: 'client',
  isOAuth: false,
  emailVerified: true,
  hasPassword: true,
  profile: {
    firstName: 'Jo',
    lastName: 'Bloggs',
    displayName: '',
    companyName: 'Loud Co',
    contactNumber: '0412345678',
    bio: '',
    profilePhotoURL: '',
  },
  paymentInfo: { defaultPaymentMethodId: null, paymentCustomerId: null },
  company: { _id: 'company-1', name: 'Loud Co', role: 'billing' },
};
