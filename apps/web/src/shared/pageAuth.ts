import { createValueStore, useValueStore } from './store';

/**
 * "Page marked not authorised" (spec §8: 401, 404 页面不存在). The layout stops rendering the
 * page content while set; a successful login or the next navigation clears it.
 */
export const pageAuthStore = createValueStore<boolean>(true);

export const markNotAuthorised = (): void => pageAuthStore.set(false);
export const markAuthorised = (): void => pageAuthStore.set(true);
export const usePageAuthorised = (): boolean => useValueStore(pageAuthStore);
