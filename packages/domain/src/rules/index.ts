export * from './activityState.js';
export * from './chart.js';
export * from './constants.js';
export * from './messages.js';
export * from './pause.js';
export * from './reward.js';
export * from './userImport.js';
