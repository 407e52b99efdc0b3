const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];
const common = {
  transform: { '^.+\\.ts$': swc },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The inbox's own alias (apps/inbox/tsconfig.json).
    '^@/(.*)$': '<rootDir>/apps/inbox/src/$1',
    // Its ES build imports JSON without an import attribute, which jest warns about in every file.
    '^libphonenumber-js$': '<rootDir>/node_modules/libphonenumber-js/index.cjs',
  },
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@sendbook/source', 'node', 'node-addons'] },
};
export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.ts', '<rootDir>/tools/**/*.spec.mjs', '<rootDir>/apps/inbox/server/*.spec.mjs'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/test/support/retry-once.ts'],
    },
  ],
  // End-to-end files mostly wait on PostgreSQL, Redis and HTTP: more workers than cores pays off
  // (two took 1.4 times as long as three on CI's machine, and failed as often: the waits, not the
  // neighbours, were too short).
  maxWorkers: 3,
  // End-to-end tests wait on real servers, on a machine three files share; unit tests finish far below this anyway.
  testTimeout: 120_000,
};
