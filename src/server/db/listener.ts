/**
 * A PostgreSQL `LISTEN` on one dedicated connection (never a pooled one: a pooled connection
 * goes back to the pool and its LISTEN with it). When the connection drops (a database restart,
 * a network cut, `pg_terminate_backend`) it connects again, with a growing pause between tries,
 * and says so through `reconnected()`: notifications sent while it was away are lost, so the
 * listener's owner must assume everything changed (docs/adr/013-several-processes.md).
 */
import pg from 'pg';

export interface ChannelListener {
  /** Resolves once the first LISTEN is in place (or fails the first connection). */
  readonly ready: Promise<void>;
  /** Stops listening and closes the connection. Safe to call more than once. */
  close(): Promise<void>;
}

export interface ListenOptions {
  readonly databaseUrl: string;
  /** A channel name of lowercase letters, digits and underscores (it is not quoted). */
  readonly channel: string;
  /** Told every payload sent on the channel, this process's own included. */
  readonly message: (payload: string) => void;
  /** Told after each reconnection: what was sent meanwhile did not arrive. */
  readonly reconnected: () => void;
  readonly error?: (error: unknown) => void;
  /** Shown in pg_stat_activity.application_name. */
  readonly applicationName?: string;
  /** Longest pause between two connection attempts (ms); default 5 s. */
  readonly maxRetryMs?: number;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
const FIRST_RETRY_MS = 100;

export function listenOnChannel(options: ListenOptions): ChannelListener {
  if (!CHANNEL_NAME.test(options.channel)) throw new Error(`bad channel name ${options.channel}`);
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  const reportError = options.error ?? (() => undefined);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: options.applicationName ?? 'vitrine-listener',
    });
    client = next;
    // A dropped connection emits 'error' and then 'end'; one reconnection is scheduled for both.
    let lost = false;
    const onLost = (error?: unknown) => {
      if (error !== undefined) reportError(error);
      if (lost || closed) return;
      lost = true;
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (notification) => {
      if (notification.channel === options.channel) options.message(notification.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      // The caller retries; this connection must not schedule a second attempt of its own.
      lost = true;
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      throw error;
    }
    retryMs = FIRST_RETRY_MS;
  };

  const scheduleReconnect = () => {
    if (closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connect().then(
        () => {
          if (!closed) options.reconnected();
        },
        (error: unknown) => {
          reportError(error);
          retryMs = Math.min(retryMs * 2, maxRetryMs);
          scheduleReconnect();
        },
      );
    }, retryMs);
    // A pause between attempts never keeps the process alive on its own.
    retryTimer.unref();
  };

  const ready = connect();
  // A first connection that fails is retried like a dropped one; `ready` still reports it.
  ready.catch(() => scheduleReconnect());

  return {
    ready,
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
