// `--cpu-profile <dir>` for the outbound and webhook benches: a V8 CPU profile of one stretch of a process's
// life (the timed run, not boot or warmup), written as a .cpuprofile that Chrome DevTools opens.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** Starts profiling this process; the returned function stops and writes `<dir>/<name>.cpuprofile`. */
export async function startCpuProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (dir, name) => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    return file;
  };
}
