/**
 * Shared jest settings: TypeScript and TSX through SWC (decorators and their
 * metadata for NestJS, the automatic JSX runtime for React).
 */
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  transform: { '^.+\\.(t|j)sx?$': swcTransform },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // Workspace libraries are tested from source: no build needed before unit tests.
  moduleNameMapper: {
    '^@idv/contracts$': require('path').join(__dirname, 'libs/contracts/src/index.ts'),
    '^@idv/contracts/catalogue$': require('path').join(__dirname, 'libs/contracts/src/catalogue/index.ts'),
    '^@idv/service-kit$': require('path').join(__dirname, 'libs/service-kit/src/index.ts'),
    '^@idv/id-fixtures$': require('path').join(__dirname, 'libs/id-fixtures/src/index.ts'),
    '\\.css$': require('path').join(__dirname, 'jest.style-stub.cjs'),
    '^@idv/i18n$': require('path').join(__dirname, 'libs/i18n/src/index.ts'),
    '^@idv/api-client$': require('path').join(__dirname, 'libs/api-client/src/index.ts'),
    '^@idv/ui$': require('path').join(__dirname, 'libs/ui/src/index.ts'),
    '^@idv/photo-checks$': require('path').join(__dirname, 'libs/photo-checks/src/index.ts'),
    '^@idv/test-kit$': require('path').join(__dirname, 'libs/test-kit/src/index.ts'),
  },
  testEnvironment: 'node',
  clearMocks: true,
};
