export * from './api.js';
export * from './routes.js';
export * from './resource.js';
export * from './resources/index.js';
export * from './rules/index.js';
export * from './cells.js';
export * from './client.js';
export * from './define.js';
