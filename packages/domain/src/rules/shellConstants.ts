/**
 * The constants the web app's shell reads at startup (feedback host, antd configuration), apart
 * from ./constants: a module the shell imports is bundled whole into the entry chunk (the login
 * page's first load, e2e/budgets.test.ts), which must not carry the rest of the constants with
 * them. ./constants re-exports them.
 */

export const MESSAGE_DURATION_S = 3;
export const NOTIFICATION_DURATION_S = 1.5;
/** Notification offset from the top of the window, in px. */
export const NOTIFICATION_TOP = 65;

/** Popover and tooltip open and close delay. */
export const POPOVER_DELAY_MS = 100;
export const TOOLTIP_MAX_WIDTH = 300;
