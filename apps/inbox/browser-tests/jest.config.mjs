// Runs the inbox's browser tests with the workspace's e2e setup (real PostgreSQL and Redis, the
// built inbox), until they move under test/browser/ (see README.md beside this file):
//   node --experimental-vm-modules node_modules/jest/bin/jest.js -c apps/inbox/browser-tests/jest.config.mjs
import path from 'node:path';
import workspace from '../../../jest.config.js';

const root = path.resolve(import.meta.dirname, '../../..');
const e2e = workspace.projects.find((project) => project.displayName === 'e2e');

export default {
  ...workspace,
  rootDir: root,
  projects: [{ ...e2e, rootDir: root, displayName: 'inbox-browser', testMatch: ['<rootDir>/apps/inbox/browser-tests/**/*.e2e.ts'] }],
};
