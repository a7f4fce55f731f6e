export * from './pattern';
export * from './display-value';
export * from './schema-ref';
export * from './checklist';
export * from './lookup-cache';
export * from './photo';
export * from './geolocation';
export * from './barcode';
