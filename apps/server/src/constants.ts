/** Spec §9: token lifetime 158112000 ms (the spec's gloss "about 183 days" is wrong: it is ~1.83 days). */
export const TOKEN_TTL_MS_DEFAULT = 158_112_000;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_FAILURES = 10;
