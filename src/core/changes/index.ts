export * from './types';
export * from './transitions';
export * from './revisions';
export * from './reconcile';
export * from './activityNote';
