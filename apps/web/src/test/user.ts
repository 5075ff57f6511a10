import type { Role } from '@noise/shared/roles';
import type { User } from '@noise/shared/user';

/** A signed-in person as GET /api/auth/user answers: Sam Reed, verified; tests override. */
export function userOf(role: Role, over: Partial<User> = {}): User {
  return {
    _id: `user-${role}`,
    email: `${role}@example.com`,
    role,
    isOAuth: false,
    emailVerified: true,
    hasPassword: true,
    profile: {
      firstName: 'Sam',
      lastName: 'Reed',
      displayName: '',
      companyName: '',
      contactNumber: '',
      bio: '',
      profilePhotoURL: '',
    },
    paymentInfo: { defaultPaymentMethodId: null, paymentCustomerId: null },
    ...over,
  };
}
