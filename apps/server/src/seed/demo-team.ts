/**
 * The demo shop's co-ordinators, so that a fresh install can take an order at once. They have no
 * password: nobody can sign in as them until staff set one (Site Users) or send a reset link.
 * Their portraits are SVGs in apps/web/public/demo/team/.
 */
export const demoCoordinators = [
  {
    email: 'mia.chen@example.com',
    firstName: 'Mia',
    lastName: 'Chen',
    contactNumber: '0412345601',
    bio: 'Keeps launches on time and clients in the loop. Ten years in agency account management.',
    profilePhotoUrl: '/demo/team/mia-chen.svg',
  },
  {
    email: 'liam.oconnor@example.com',
    firstName: 'Liam',
    lastName: "O'Connor",
    contactNumber: '0412345602',
    bio: 'Former café owner who now runs campaigns for small businesses like the one he had.',
    profilePhotoUrl: '/demo/team/liam-oconnor.svg',
  },
] as const;
