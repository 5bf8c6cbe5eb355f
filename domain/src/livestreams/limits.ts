/** Livestream limits, apart from the schemas so a screen can use them without loading zod. */
export const LIVESTREAM_TITLE_MAX = 200;
export const LIVESTREAM_DESCRIPTION_MAX = 2000;
export const LIVESTREAM_CHAT_MAX = 1000;
