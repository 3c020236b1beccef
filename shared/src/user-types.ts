/* No zod here: the web app imports this at run time and keeps zod out of its page chunks. */

/** User types that are travellers; every other type is an agent who earns commission. */
export const TRAVELLER_USER_TYPES = ['individual', 'customer'] as const;

export const isAgentUserType = (userType: string) =>
  !(TRAVELLER_USER_TYPES as readonly string[]).includes(userType.toLowerCase());
