import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from '../sim-context.js';
import type { Simulator } from '../simulator-api.js';
import { handleControl } from './control-routes.js';
import { handleGraph } from './graph-routes.js';
import { sendJson } from './http-io.js';

/** `/_sim/*` goes to the control API, everything else is Graph. */
export function createRequestHandler(sim: () => Simulator, ctx: SimContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    res.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://simulator.local');
    const work = url.pathname.startsWith('/_sim/') ? handleControl(sim(), ctx, req, res, url) : handleGraph(ctx, req, res, url);
    work.catch((error: unknown) => {
      ctx.log(`internal error on ${req.method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`);
      sendJson(res, 500, { error: { message: 'simulator internal error', type: 'SimulatorException', code: 1 } });
    });
  };
}
