/** The calls of the scan campaign pages (issue 24), one place for their paths. */
export const batchesPath = (org: string, act: number) => `/v1/${org}/integral/${act}/batch`;
export const qrZipPath = (org: string, batch: number) => `/v1/${org}/integral/batch/${batch}/qrcodes`;
export const codesSheetPath = (org: string) => `/v1/${org}/export/integralcodes`;
export const rankingPath = (org: string, act: number) => `/v1/${org}/integral/${act}/ranking`;
