/** French text of this area; composed into `messages.admin` by app/lib/messages.fr.ts. */
export const adminMessages = {} as const;
