import type { ChangeFeed } from '../../db/client.ts';

/**
 * What every request reads and almost nothing writes (issue 14): live sessions with their user and company, the
 * white-label sites, the exchange rates and each top-level agency's website prefix, kept in this process's memory.
 *
 * Correctness comes from the database, not from a timer: the 0015 triggers announce every committed change to those
 * rows on the change feed, and the entries it names are dropped at once. A write made by this process is heard on its
 * own pooled connection before the write returns (PostgreSQL sends a session its notifications with its commit; PGlite
 * is one connection), so the next request here sees it; other processes hear it on their listening connection within
 * milliseconds. While that connection is down (the database is unreachable, or it has just started) nothing is served
 * from memory and every read goes to the database, as before.
 *
 * Entries hold the load's promise: concurrent misses share one query, and a change heard while a load is in flight
 * drops that promise, so a read from before the commit is never kept.
 */

/** Sessions kept per process; past this, the oldest are dropped (the next request of those loads them again). */
const MAX_SESSIONS = 10_000;
/** Hosts kept per process (any Host header can ask, so the map is bounded). */
const MAX_HOSTS = 1_000;

export interface CachedSession<S, U, C> {
  session: S & { id: string };
  user: U & { id: string };
  company: C & { id: string };
}

class Memo<V> {
  readonly entries = new Map<string, Promise<V>>();
  constructor(private readonly max: number) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const p = load();
    this.entries.set(key, p);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    // A failed load is not kept; a load the feed dropped meanwhile is not put back.
    p.catch(() => {
      if (this.entries.get(key) === p) this.entries.delete(key);
    });
    return p;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}

export class HotCaches {
  private readonly sessions = new Memo<CachedSession<object, object, object> | null>(MAX_SESSIONS);
  /** Resolved sessions, to drop them by session, user or company id. */
  private readonly resolved = new Map<string, CachedSession<object, object, object>>();
  private readonly sites = new Memo<unknown>(MAX_HOSTS);
  private readonly prefixes = new Memo<string>(MAX_HOSTS);
  private readonly rates = new Memo<unknown>(1);
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(private readonly feed: ChangeFeed) {
    this.unsubscribe = feed.subscribe((payload) => this.forget(payload));
  }

  /** False while changes could go unheard: every read then goes to the database. */
  get live(): boolean {
    return this.feed.live && !this.closed;
  }

  /**
   * The session row with its user and company by token hash; `load` answers null for an unknown token (not kept).
   * Only sessions whose last_seen_at is within `freshMs` are answered from memory: the idle check and the
   * last-seen refresh need a recent value, and another process may have refreshed it meanwhile.
   */
  async session<S extends { id: string; lastSeenAt: Date }, U extends { id: string }, C extends { id: string }>(
    tokenHash: string,
    freshMs: number,
    load: () => Promise<CachedSession<S, U, C> | null>,
  ): Promise<CachedSession<S, U, C> | null> {
    if (!this.live) return load();
    const hit = this.resolved.get(tokenHash) as CachedSession<S, U, C> | undefined;
    if (hit && Date.now() - hit.session.lastSeenAt.getTime() > freshMs) this.forgetSession(tokenHash);
    const p = this.sessions.get(tokenHash, load as () => Promise<CachedSession<object, object, object> | null>);
    const found = (await p) as CachedSession<S, U, C> | null;
    if (!found) {
      if (this.sessions.entries.get(tokenHash) === p) this.sessions.delete(tokenHash);
    } else if (this.sessions.entries.get(tokenHash) === p) {
      this.resolved.set(tokenHash, found);
      if (this.resolved.size > MAX_SESSIONS) this.resolved.delete(this.resolved.keys().next().value!);
    }
    return found;
  }

  /** Drops one session (its last_seen_at was just refreshed, or it failed a check). */
  forgetSession(tokenHash: string) {
    this.sessions.delete(tokenHash);
    this.resolved.delete(tokenHash);
  }

  /** The site answer for a normalized host. */
  site<T>(host: string, load: () => Promise<T>): Promise<T> {
    return this.live ? (this.sites.get(host, load) as Promise<T>) : load();
  }

  /** The exchange rate rows. */
  rateRows<T>(load: () => Promise<T>): Promise<T> {
    return this.live ? (this.rates.get('', load) as Promise<T>) : load();
  }

  /** A top-level company's website prefix. */
  websitePrefix(topCompanyId: string, load: () => Promise<string>): Promise<string> {
    return this.live ? this.prefixes.get(topCompanyId, load) : load();
  }

  /** What a change feed payload makes stale ("sites", "exchange_rates", "sessions[:id]", "users:id", "companies:id", "*"). */
  forget(payload: string) {
    const [table, id] = payload.split(':', 2);
    switch (table) {
      case 'sites':
        this.sites.clear();
        this.prefixes.clear();
        return;
      case 'exchange_rates':
        this.rates.clear();
        this.sites.clear();
        return;
      case 'sessions':
        if (id === undefined) return this.clearSessions();
        return this.dropSessions((s) => s.session.id === id);
      case 'users':
        return this.dropSessions((s) => s.user.id === id);
      case 'companies':
        return this.dropSessions((s) => s.company.id === id);
      case '*':
        this.clearSessions();
        this.sites.clear();
        this.prefixes.clear();
        this.rates.clear();
        return;
      default:
        return;
    }
  }

  private clearSessions() {
    this.sessions.clear();
    this.resolved.clear();
  }

  private dropSessions(match: (s: CachedSession<object, object, object>) => boolean) {
    // Loads in flight may be about to answer a row read before the change: they go too.
    for (const [hash, p] of this.sessions.entries) {
      const done = this.resolved.get(hash);
      if (!done || match(done)) {
        if (this.sessions.entries.get(hash) === p) this.sessions.delete(hash);
        this.resolved.delete(hash);
      }
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.forget('*');
  }
}

const byDb = new WeakMap<object, HotCaches>();

/**
 * The caches of one database handle (server.ts and the tests' app make one per opened database). Code given only the
 * handle finds them with cachesOf; a transaction is another object and finds none, so reads inside one are never
 * answered from memory.
 */
export function createHotCaches(database: { db: object; changes: ChangeFeed }): HotCaches {
  const caches = new HotCaches(database.changes);
  byDb.set(database.db, caches);
  return caches;
}

/** The caches made for this database handle, if any (none for a transaction). */
export function cachesOf(db: object): HotCaches | undefined {
  return byDb.get(db);
}
