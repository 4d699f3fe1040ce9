/** Spec §9: token lifetime 158112000 ms (the spec's gloss "about 183 days" is wrong: it is ~1.83 days). */
export const TOKEN_TTL_MS_DEFAULT = 158_112_000;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Verification codes one address may ask for per minute (issue 9: the endpoint was flooded). */
export const CAPTCHA_PER_MINUTE = 30;
/** Live codes kept per address: asking for more drops its oldest, so a flood keeps few rows. */
export const CAPTCHA_LIVE_PER_ADDRESS = 10;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_FAILURES = 10;
/** Body limit of every route but the imports: sign-in and forms are a few KB (issue 9). */
export const BODY_LIMIT = 1024 * 1024;
