import { arrayOf, bool, dateTime, int, named, nullable, object, oneOfValues, str } from '../contract/schema.js';

const ROLES = ['api', 'worker'];

export const BackgroundWorkReport = named(
  'BackgroundWork',
  object(
    {
      queues: arrayOf(
        object({
          name: str(),
          jobs: arrayOf(object({ name: str(), what: str() })),
          counts: nullable(object({ waiting: int(), active: int(), delayed: int(), prioritized: int(), failed: int() }), {
            description: 'null when Redis did not answer',
          }),
        }),
      ),
      periodic: arrayOf(
        object({
          name: str(),
          owner: str({ description: 'the module whose work it is' }),
          runs_in: arrayOf(oneOfValues(ROLES), { description: 'the processes that run it (`ROLE=all` runs both)' }),
          every_ms: nullable(int(), { description: 'null: on demand only' }),
          at_start: bool(),
          what: str(),
          last_run: nullable(
            object({
              started_at: dateTime(),
              duration_ms: int(),
              ok: bool(),
              error: nullable(str()),
              process: str({ description: 'the process id that ran it' }),
              runs: int(),
              failures: int(),
            }),
            { description: 'the latest run any process recorded (null: none yet)' },
          ),
        }),
      ),
      listeners: arrayOf(object({ channel: str(), owner: str(), runs_in: arrayOf(oneOfValues(ROLES)), what: str() })),
      triggers: arrayOf(object({ name: str(), on: str(), what: str() })),
    },
    { description: 'Everything that runs in the background, as declared in one place, with what the deployment last saw of it.' },
  ),
);
