/** The checkout's progress line for a service order (docs/product.md#payment-page). */
export const orderSteps = ['Order Details', 'Confirm & Pay', 'Submit Requirements'] as const;
/** A proposal's: the customer reads and signs it first (docs/product.md#proposal-page). */
export const proposalSteps = ['Proposal', 'Confirm & Pay', 'Submit Requirements'] as const;
