/** Every staff query about custom quotes is under this key: one invalidation refreshes them all. */
export const quotesKey = ['staff', 'quotes'] as const;
