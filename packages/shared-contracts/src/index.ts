export * from './version';
export * from './remotes';
export * from './host-services';
