/** The query key every figures answer starts with: a write that changes figures refreshes them with `[FIGURES_KEY]`. */
export const FIGURES_KEY = 'figures';
