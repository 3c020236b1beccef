import { expect, it } from 'vitest';
import { isDatabaseUnavailable } from './error-handler';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

it('recognises the ways a lost or restarting PostgreSQL shows, also wrapped by drizzle', () => {
  for (const error of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('timeout exceeded when trying to connect'),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
  ]) {
    expect(isDatabaseUnavailable(error), error.message).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(true);
  }
});

it('leaves other database errors alone', () => {
  for (const error of [
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }),
    new Error('Cannot read properties of undefined'),
  ]) {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  }
});
