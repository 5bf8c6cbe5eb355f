/** Spec §9: the pause between a successful sign-in / sign-up and the redirect. */
export const AUTH_REDIRECT_DELAY_MS = 1000;
