/** French text of this area; composed into `messages.application` by app/lib/messages.fr.ts. */
export const applicationMessages = {} as const;
