export * from './version';
export * from './remotes';
export * from './host-services';
export * from './constants';
export * from './messages';
export * from './ui-schema';
export * from './form-definition';
export * from './offline';
