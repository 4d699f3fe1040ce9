import type { ResourceBinding } from './binding.js';

/** Every resource served by the machinery. A family adds its binding here. */
export const BINDINGS: ResourceBinding[] = [];
