import { userSchema, type User } from '@noise/shared/user';
import { checkWith } from './check-answer';

/** For useCurrentUser where the user decides a charge or what staff may open (decision 050). */
export const checkUser: (data: User) => User = checkWith(userSchema);
