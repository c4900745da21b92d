export * from './mrz-builder';
export * from './render-mrz';
export * from './package-photo-faces';
export * from './id-documents';
export * from './blank-sheet';
