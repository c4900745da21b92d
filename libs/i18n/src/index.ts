export * from './languages';
export * from './language-detection';
export * from './create-i18n';
export * from './common-strings';
