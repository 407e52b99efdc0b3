import { SetMetadata } from '@nestjs/common';

export const WRITES_NOTHING = 'sendbook:writes-nothing';

/**
 * A POST/PUT/PATCH/DELETE route that changes nothing in PostgreSQL (presence heartbeats, in Redis):
 * its caller's WAL position is not noted after it, so a heartbeat every few seconds neither costs a
 * read of the primary's position nor makes its caller's next reads wait for the replica. Its own
 * reads still go to the primary, as in every request that may decide something.
 */
export const WritesNothing = () => SetMetadata(WRITES_NOTHING, true);
