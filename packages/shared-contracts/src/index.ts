export * from './version';
export * from './remotes';
export * from './host-services';
export * from './constants';
export * from './messages';
