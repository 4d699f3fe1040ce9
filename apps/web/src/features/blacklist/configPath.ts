/** The organisation's blacklist rules: the query key and path of `GET/POST /v1/{org}/blacklist/config`. */
export const configKey = (org: string) => ['blacklistConfig', org];
export const configPath = (org: string) => `/v1/${encodeURIComponent(org)}/blacklist/config`;
