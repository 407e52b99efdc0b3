import { dataSourceOptions } from './data-source.js';
import { NAMED_STATEMENTS_OPTION } from './prepared-rows.js';

const extraOf = (options: ReturnType<typeof dataSourceOptions>) => (options as { extra: Record<string, unknown> }).extra;

describe('dataSourceOptions', () => {
  it('direct: the statement timeout rides on the connection, and hot statements are named', () => {
    const extra = extraOf(dataSourceOptions('postgres://db/s', { statementMs: 15_000, queryMs: 16_000, pooler: 'none', namedStatements: true }));
    expect(extra).toMatchObject({ statement_timeout: 15_000, query_timeout: 16_000, [NAMED_STATEMENTS_OPTION]: true, options: '-c jit=off' });
  });

  it('through a transaction pooler: no statement_timeout startup parameter (PgBouncer refuses the connection), the client time-out kept', () => {
    const extra = extraOf(dataSourceOptions('postgres://pgbouncer/s', { statementMs: 15_000, queryMs: 16_000, pooler: 'transaction', namedStatements: false }));
    expect(extra).not.toHaveProperty('statement_timeout');
    expect(extra).not.toHaveProperty('options');
    expect(extra).toMatchObject({ query_timeout: 16_000, [NAMED_STATEMENTS_OPTION]: false });
  });

  it('migrations and scripts: no time-outs, statements named', () => {
    const extra = extraOf(dataSourceOptions('postgres://db/s'));
    expect(extra).not.toHaveProperty('statement_timeout');
    expect(extra).not.toHaveProperty('query_timeout');
    expect(extra[NAMED_STATEMENTS_OPTION]).toBe(true);
  });
});
