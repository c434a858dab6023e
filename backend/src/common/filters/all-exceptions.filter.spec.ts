import { ArgumentsHost, ConflictException, InternalServerErrorException, Logger, ServiceUnavailableException, type LoggerService } from '@nestjs/common';
import { AllExceptionsFilter, DATABASE_AWAY_MESSAGE, isDatabaseAway, isDatabaseFault } from './all-exceptions.filter';

/** The filter against a response that records what it is told, and a logger that records what is logged. */
function run(exception: unknown) {
  const logged: { level: string; text: string }[] = [];
  const record = (level: string) => (message: unknown) => void logged.push({ level, text: String(message) });
  Logger.overrideLogger({
    log: record('log'),
    error: record('error'),
    warn: record('warn'),
    debug: record('debug'),
    verbose: record('verbose'),
  } as LoggerService);
  const answer: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => void (answer.headers[name] = value),
    status(code: number) {
      answer.status = code;
      return this;
    },
    json: (body: unknown) => void (answer.body = body),
  };
  const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(exception, host);
  return { answer, logged };
}

/** An error raised from inside the driver's code, as a broken reply gives it. */
function driverError(): RangeError {
  const error = new RangeError('Attempt to access memory outside buffer bounds');
  error.stack = `RangeError: Attempt to access memory outside buffer bounds\n    at readInt32LE (/app/node_modules/mongodb/lib/utils.js:10:3)\n    at OpReply.parse (/app/node_modules/mongodb/lib/cmap/commands.js:1:1)`;
  return error;
}

describe('AllExceptionsFilter', () => {
  it('logs every 500 with its stack and its causes, and answers without them', () => {
    const cause = new TypeError('cannot read properties of undefined');
    const { answer, logged } = run(new Error('placing failed', { cause }));
    expect(answer).toMatchObject({ status: 500, body: { success: false, message: 'Internal server error' } });
    expect(logged).toHaveLength(1);
    expect(logged[0].level).toBe('error');
    expect(logged[0].text).toMatch(/placing failed[\s\S]*at [\s\S]*Caused by: TypeError: cannot read properties of undefined/);

    const deliberate = run(new InternalServerErrorException('CurrentUser used on a route without @ShopperOnly()', { cause: new Error('the root') }));
    expect(deliberate.answer.status).toBe(500);
    expect(deliberate.logged[0]).toMatchObject({ level: 'error', text: expect.stringMatching(/ShopperOnly[\s\S]*Caused by: Error: the root/) });
  });

  it('a 503 with a cause says the cause; client errors are not logged', () => {
    const { answer, logged } = run(new ServiceUnavailableException('Try again', { cause: new Error('pool cleared') }));
    expect(answer).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    expect(logged[0]).toMatchObject({ level: 'warn', text: expect.stringMatching(/Try again; cause: .*pool cleared/) });
    expect(run(new ConflictException('Sold out')).logged).toEqual([]);
  });

  it('an error the driver raised while reading a reply is a database fault: 503 with Retry-After, logged with its stack', () => {
    expect(isDatabaseAway(driverError())).toBe(false);
    expect(isDatabaseFault(driverError())).toBe(true);
    const { answer, logged } = run(driverError());
    expect(answer).toMatchObject({ status: 503, body: { success: false, message: DATABASE_AWAY_MESSAGE }, headers: { 'Retry-After': '5' } });
    expect(logged[0]).toMatchObject({ level: 'error', text: expect.stringMatching(/node_modules\/mongodb/) });
    // The server's own refusals and our own errors are not database faults.
    expect(isDatabaseFault(Object.assign(new Error('E11000 duplicate key'), { name: 'MongoServerError', code: 11000 }))).toBe(false);
    expect(isDatabaseFault(new RangeError('Invalid time value'))).toBe(false);
    expect(isDatabaseAway(Object.assign(new Error('shutting down'), { name: 'MongoServerError', code: 91 }))).toBe(true);
    expect(isDatabaseAway(Object.assign(new Error('x'), { name: 'MongoServerError', code: 2, errorLabels: ['RetryableWriteError'] }))).toBe(true);
  });
});
