/** French text of this area; composed into `messages.franchisee` by app/lib/messages.fr.ts. */
export const franchiseeMessages = {} as const;
