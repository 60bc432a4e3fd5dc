export * from './org';
export * from './staff';
export * from './audit';
