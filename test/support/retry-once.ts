import { jest } from '@jest/globals';

// End-to-end tests wait on real servers on a machine three files and a browser share; a wait that
// a busy minute stretches past its bound fails a test that is right. Each gets one more try, its
// first failure printed, and `npm test` names every test that needed it (tools/test.mjs), so a
// flaky wait is seen and mended, not hidden. A test that fails twice fails the run.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
