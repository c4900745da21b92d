export * from './document-photo';
