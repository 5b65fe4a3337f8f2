/** French text of this area; composed into `messages.client` by app/lib/messages.fr.ts. */
export const clientMessages = {} as const;
