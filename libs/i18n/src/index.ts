export * from './languages';
export * from './detect-language';
export * from './create-i18n';
export * from './common-strings';
export * from './legal-strings';
