import { describeDbError, isConnectionError } from './db/connection-errors.ts';

export interface GuardLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  fatal(obj: object, msg?: string): void;
}

/**
 * Last line of defence for the long-running server (issue 9). Every pool and client has its own 'error' listener
 * (db/client.ts, pg-boss); should a connection's or socket's 'error' still reach the top (a library's emitter nobody
 * listens to), a lost connection must not end a process that would otherwise recover when the database returns.
 * Anything else that reaches the top is a bug: an uncaught exception leaves the process in an unknown state, so it is
 * logged with its stack and the process exits for its supervisor to restart; a stray rejected promise ended nothing
 * but its own work, so it is logged as an error and the process goes on.
 */
export function installProcessGuards(log: GuardLogger, exit: (code: number) => void = (code) => process.exit(code)) {
  const { onException, onRejection } = processGuardHandlers(log, exit);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}

export function processGuardHandlers(log: GuardLogger, exit: (code: number) => void) {
  const onException = (err: unknown) => {
    if (isConnectionError(err)) {
      log.warn({ db: describeDbError(err) }, 'connection error with no listener; the process continues');
      return;
    }
    log.fatal({ err }, 'uncaught exception; exiting');
    exit(1);
  };
  const onRejection = (reason: unknown) => {
    if (isConnectionError(reason)) {
      log.warn({ db: describeDbError(reason) }, 'unhandled rejection from a lost database connection');
      return;
    }
    const db = describeDbError(reason);
    // A failed query is logged by its cause: drizzle's own message carries the statement's parameters.
    log.error(db.query ? { db } : { err: reason }, 'unhandled promise rejection');
  };
  return { onException, onRejection };
}
