export * from './color-mode';
export * from './app-link-click';
