import type { VoidAnswer } from '@huodong/domain';

export const voidPath = (org: string, act: number) => `/v1/${org}/evaluation/${act}/votes/void`;
export const importPath = (org: string, act: number) => `/v1/${org}/evaluation/${act}/source/import`;

export type { VoidAnswer };
