/** Chat's limits, apart from its schemas so a screen can use them without loading zod. */
export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGES_PAGE_SIZE = 50;
