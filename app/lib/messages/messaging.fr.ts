/** French text of this area; composed into `messages.messaging` by app/lib/messages.fr.ts. */
export const messagingMessages = {} as const;
