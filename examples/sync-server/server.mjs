#!/usr/bin/env node
// The reference sync server of mcp-web-elements (docs/sync.md): conversations
// of <mcp-chat sync="..."> kept in the site's own PostgreSQL.
//
//   DATABASE_URL=postgres://... PORT=4500 SYNC_SECRET=... SYNC_ORIGINS=https://site.example \
//     node examples/sync-server/server.mjs
//
// Endpoints (relative to where it is mounted; the chat's `sync` is that base):
//   GET  /pull?checkpoint=C&limit=N   rows of the person changed after C, in order
//   POST /push   { rows: [{ newDocumentState, assumedMasterState }] } -> { conflicts, rejected }
//   GET  /stream                      server-sent events: `change` after every write, `resync`
//   POST /shares { conversationId }   -> { id }        a read-only grant, revocable
//   DELETE /shares/ID                 revokes it
//   GET  /shared/ID/pull, /shared/ID/stream            the shared conversation, no token
//
// The person is whoever the bearer token says (`sub` of an HS256 JWT signed with
// SYNC_SECRET, unless a site passes its own `authenticate`). Every query is
// scoped to that person: another person's rows are never returned or written.
// Several instances may serve one database: each LISTENs for the others' NOTIFY.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/** The schema, created when missing (docs/sync.md prints the same). */
export const SCHEMA = `
CREATE SEQUENCE IF NOT EXISTS sync_serial;
CREATE TABLE IF NOT EXISTS sync_conversations (
  person     text    NOT NULL,
  id         text    NOT NULL,
  rev        integer NOT NULL,
  deleted    boolean NOT NULL DEFAULT false,
  doc        text    NOT NULL,
  serial     bigint  NOT NULL,
  PRIMARY KEY (person, id)
);
CREATE INDEX IF NOT EXISTS sync_conversations_serial ON sync_conversations (person, serial);
CREATE TABLE IF NOT EXISTS sync_messages (
  person          text   NOT NULL,
  id              text   NOT NULL,
  conversation_id text   NOT NULL,
  created_at      bigint NOT NULL,
  message         text   NOT NULL,
  serial          bigint NOT NULL,
  PRIMARY KEY (person, id)
);
CREATE INDEX IF NOT EXISTS sync_messages_serial ON sync_messages (person, serial);
CREATE INDEX IF NOT EXISTS sync_messages_conversation ON sync_messages (person, conversation_id, serial);
CREATE TABLE IF NOT EXISTS sync_shares (
  id              text        PRIMARY KEY,
  person          text        NOT NULL,
  conversation_id text        NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at      timestamptz
);
`;

const MAX_BODY = 32 * 1024 * 1024;
const MAX_ROW = 8 * 1024 * 1024;
const MAX_ID = 200;
const CHANNEL = 'sync_changes';
/** Where an instance tells the others that a share was revoked (its id): their streams of it end too. */
const REVOKED = 'sync_share_revoked';

/** A person-readable error with an HTTP status. */
class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const b64url = (buf) => Buffer.from(buf).toString('base64url');

/** An HS256 JWT for `sub` (for tests, the demo and a site's own issuer). */
export function signToken(secret, claims) {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ iat: Math.floor(Date.now() / 1000), ...claims }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** The default check: an HS256 JWT signed with `secret`, not expired; the person is `sub`. */
export function jwtAuthenticate(secret) {
  return (token) => {
    const [head, body, sig] = token.split('.');
    if (!head || !body || !sig) return undefined;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let header, claims;
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString());
      claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    } catch {
      return undefined;
    }
    if (header?.alg !== 'HS256') return undefined;
    if (typeof claims?.exp === 'number' && claims.exp * 1000 <= Date.now()) return undefined;
    return typeof claims?.sub === 'string' && claims.sub ? claims.sub : undefined;
  };
}

const isId = (v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one pushed conversation document; throws a reason. */
function checkDoc(doc) {
  if (!isObject(doc)) throw new Error('doc is not an object');
  if (typeof doc.title !== 'string') throw new Error('title is not text');
  if (!Array.isArray(doc.servers)) throw new Error('servers is not a list');
  if (!isObject(doc.metadata)) throw new Error('metadata is not an object');
}

/** Checks one pushed message; throws a reason. */
function checkMessage(message) {
  if (!isObject(message)) throw new Error('message is not an object');
  if (message.role !== 'user' && message.role !== 'assistant') throw new Error('role is neither user nor assistant');
  if (!Array.isArray(message.content) || message.content.some((b) => !isObject(b) || typeof b.type !== 'string'))
    throw new Error('content is not a list of blocks');
}

// Documents and messages are kept as JSON text, not jsonb: exactly as pushed
// (key order, and the \u0000 that jsonb refuses).
const convRow = (r) => ({ kind: 'conversation', id: r.id, rev: r.rev, deleted: r.deleted, doc: JSON.parse(r.doc) });
const msgRow = (r) => ({
  kind: 'message',
  id: r.id,
  conversationId: r.conversation_id,
  createdAt: Number(r.created_at),
  message: JSON.parse(r.message),
});

/**
 * Starts a sync server. Options: `databaseUrl` (or `pool`), `port` (0: any free),
 * `host` (127.0.0.1), `secret` (for the default JWT check), `authenticate(token)`
 * returning the person id (or a promise of it) or undefined, `origins` (list; `*` any).
 * Resolves with `{ url, port, close() }`.
 */
export async function startSyncServer(options = {}) {
  const pool = options.pool ?? new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  pool.on('error', () => undefined); // an idle client lost (PostgreSQL restarted): the pool makes a new one
  const authenticate = options.authenticate ?? jwtAuthenticate(options.secret ?? '');
  if (!options.authenticate && !options.secret) throw new Error('Set SYNC_SECRET (or pass your own authenticate function).');
  const origins = options.origins ?? [];
  const streams = new Set(); // { person, share?, conversationId?, res }

  const ensureSchema = async () => {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(4242)');
      await client.query(SCHEMA);
      await client.query('SELECT pg_advisory_unlock(4242)');
    } finally {
      client.release();
    }
  };
  await ensureSchema();

  // LISTEN on a client of its own; when it drops (PostgreSQL restarted), every
  // stream is told to resync and the listener comes back once PostgreSQL does.
  // Back, it tells every stream to resync once more: a change committed while
  // nobody listened (between the restart and this LISTEN) sent its NOTIFY to no one.
  let listener;
  let closed = false;
  let listenedBefore = false;
  const listen = async () => {
    while (!closed) {
      try {
        const client = new pg.Client({ connectionString: options.databaseUrl ?? pool.options.connectionString });
        client.on('notification', (n) => (n.channel === REVOKED ? endShare(n.payload ?? '') : notify(n.payload ?? '')));
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        await client.query(`LISTEN ${REVOKED}`);
        listener = client;
        if (listenedBefore) for (const s of streams) send(s, 'resync', {});
        listenedBefore = true;
        await new Promise((resolve) => {
          client.on('error', resolve);
          client.on('end', resolve);
        });
        listener = undefined;
        client.end().catch(() => undefined);
        if (!closed) for (const s of streams) send(s, 'resync', {});
      } catch {
        // not reachable yet
      }
      if (!closed) await new Promise((r) => setTimeout(r, 500));
    }
  };
  // A revoked share's streams end on every instance (the reader may follow it through another one).
  const endShare = (share) => {
    for (const s of streams) if (s.share === share) s.res.end();
  };
  const notify = (person) => {
    for (const s of streams) if (s.person === person) send(s, 'change', {});
  };
  const send = (s, event, data) => {
    try {
      s.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    } catch {
      // the stream is gone
    }
  };
  void listen();

  const cors = (req, res) => {
    const origin = req.headers.origin;
    if (origin && (origins.includes('*') || origins.includes(origin))) {
      res.setHeader('Access-Control-Allow-Origin', origins.includes('*') ? '*' : origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      res.setHeader('Access-Control-Max-Age', '600');
    }
  };

  const json = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      const parts = [];
      let size = 0;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_BODY) {
          reject(new HttpError(413, `The request is larger than ${MAX_BODY / 1024 / 1024} MB; send fewer rows at once.`));
          req.destroy();
        } else parts.push(chunk);
      });
      req.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(parts).toString('utf8')));
        } catch {
          reject(new HttpError(400, 'The request body is not JSON.'));
        }
      });
      req.on('error', reject);
    });

  const person = async (req) => {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    const who = token ? await authenticate(token) : undefined;
    if (!who)
      throw new HttpError(
        401,
        token ? 'The sync token was not accepted (expired or not signed by this site).' : 'Sign in to sync: no token was sent.',
      );
    return String(who);
  };

  const limitOf = (url) => Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '200', 10) || 200));
  const checkpointOf = (url) => {
    const raw = url.searchParams.get('checkpoint');
    if (raw === null || raw === '') return 0;
    if (!/^\d{1,18}$/.test(raw)) throw new HttpError(400, 'The checkpoint is not one this server gave.');
    return Number(raw);
  };

  /** Rows of `who` after `checkpoint`, oldest change first; optionally of one conversation. */
  const pull = async (who, checkpoint, limit, conversationId) => {
    const one = conversationId !== undefined;
    const params = one ? [who, checkpoint, limit, conversationId] : [who, checkpoint, limit];
    const { rows } = await pool.query(
      `(SELECT 'c' AS k, id, rev, deleted, doc, NULL::text AS conversation_id, NULL::bigint AS created_at, NULL::text AS message, serial
          FROM sync_conversations WHERE person = $1 AND serial > $2 ${one ? 'AND id = $4' : ''} ORDER BY serial LIMIT $3)
       UNION ALL
       (SELECT 'm', id, NULL, NULL, NULL, conversation_id, created_at, message, serial
          FROM sync_messages WHERE person = $1 AND serial > $2 ${one ? 'AND conversation_id = $4' : ''} ORDER BY serial LIMIT $3)
       ORDER BY serial LIMIT $3`,
      params,
    );
    const out = rows.map((r) => (r.k === 'c' ? convRow(r) : msgRow(r)));
    return { rows: out, checkpoint: String(rows.length ? rows.at(-1).serial : checkpoint) };
  };

  /** Writes pushed rows of `who` in one transaction; answers the conflicts (master states) and rejected rows. */
  const push = async (who, body) => {
    if (!isObject(body) || !Array.isArray(body.rows)) throw new HttpError(400, 'Push { rows: [...] }.');
    const conflicts = [];
    const rejected = [];
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // One writer per person at a time: serials of a person then commit in order,
      // so a pull never skips a row that commits late.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [who]);
      for (const item of body.rows) {
        const row = item?.newDocumentState;
        const id = row?.id;
        await client.query('SAVEPOINT row');
        try {
          if (!isObject(row) || !isId(id)) throw new Error('no id');
          if (JSON.stringify(row).length > MAX_ROW) throw new Error(`larger than ${MAX_ROW / 1024 / 1024} MB`);
          if (row.kind === 'conversation') {
            if (typeof row.deleted !== 'boolean') throw new Error('deleted is not true or false');
            if (!row.deleted) checkDoc(row.doc);
            const assumed = item.assumedMasterState;
            const { rows: current } = await client.query(
              'SELECT id, rev, deleted, doc FROM sync_conversations WHERE person = $1 AND id = $2 FOR UPDATE',
              [who, id],
            );
            const master = current[0];
            const assumedRev = isObject(assumed) ? assumed.rev : undefined;
            if (master ? master.rev !== assumedRev : assumedRev !== undefined) {
              if (master) conflicts.push(convRow(master));
              else rejected.push({ id, reason: 'The conversation this change assumed is not on the server.' });
              continue;
            }
            if (master?.deleted) {
              conflicts.push(convRow(master));
              continue;
            }
            // A tombstone keeps the fields it had (as JSON text, as stored).
            const doc = row.deleted ? (master?.doc ?? '{"title":"","servers":[],"metadata":{}}') : JSON.stringify(row.doc);
            await client.query(
              `INSERT INTO sync_conversations (person, id, rev, deleted, doc, serial) VALUES ($1, $2, $3, $4, $5, nextval('sync_serial'))
               ON CONFLICT (person, id) DO UPDATE SET rev = EXCLUDED.rev, deleted = EXCLUDED.deleted, doc = EXCLUDED.doc, serial = EXCLUDED.serial`,
              [who, id, (master?.rev ?? 0) + 1, row.deleted, doc],
            );
            if (row.deleted) await client.query('DELETE FROM sync_messages WHERE person = $1 AND conversation_id = $2', [who, id]);
          } else if (row.kind === 'message') {
            if (!isId(row.conversationId)) throw new Error('no conversation id');
            if (!Number.isFinite(row.createdAt)) throw new Error('no creation time');
            checkMessage(row.message);
            const { rows: owner } = await client.query('SELECT deleted FROM sync_conversations WHERE person = $1 AND id = $2', [
              who,
              row.conversationId,
            ]);
            if (!owner[0]) throw new Error('its conversation is not on the server');
            if (owner[0].deleted) continue; // deleted meanwhile: the tombstone wins
            // Messages never change: a second push of the same id is a no-op.
            await client.query(
              `INSERT INTO sync_messages (person, id, conversation_id, created_at, message, serial) VALUES ($1, $2, $3, $4, $5, nextval('sync_serial'))
               ON CONFLICT (person, id) DO NOTHING`,
              [who, id, row.conversationId, Math.trunc(row.createdAt), JSON.stringify(row.message)],
            );
          } else throw new Error('kind is neither conversation nor message');
        } catch (error) {
          // This row only: the others of the push are kept.
          await client.query('ROLLBACK TO SAVEPOINT row');
          rejected.push({ id: isId(id) ? id : '', reason: error instanceof pg.DatabaseError ? 'the database refused it' : error.message });
        } finally {
          await client.query('RELEASE SAVEPOINT row');
        }
      }
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, who]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return { conflicts, rejected };
  };

  const share = async (shareId) => {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(shareId)) throw new HttpError(404, 'This share link does not exist.');
    const { rows } = await pool.query('SELECT person, conversation_id FROM sync_shares WHERE id = $1 AND revoked_at IS NULL', [shareId]);
    if (!rows[0]) throw new HttpError(404, 'This share link does not exist or was revoked.');
    return rows[0];
  };

  const openStream = (req, res, entry) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    const s = { ...entry, res };
    streams.add(s);
    const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
    req.on('close', () => {
      clearInterval(ping);
      streams.delete(s);
    });
  };

  const handle = async (req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      return res.end();
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    const shared = /^\/shared\/([^/]+)\/(pull|stream)$/.exec(path);
    if (shared && req.method === 'GET') {
      const grant = await share(shared[1]);
      if (shared[2] === 'stream') return openStream(req, res, { person: grant.person, share: shared[1] });
      return json(res, 200, await pull(grant.person, checkpointOf(url), limitOf(url), grant.conversation_id));
    }
    if (path === '/pull' && req.method === 'GET') return json(res, 200, await pull(await person(req), checkpointOf(url), limitOf(url)));
    if (path === '/push' && req.method === 'POST') {
      const who = await person(req);
      return json(res, 200, await push(who, await readBody(req)));
    }
    if (path === '/stream' && req.method === 'GET') return openStream(req, res, { person: await person(req) });
    if (path === '/shares' && req.method === 'POST') {
      const who = await person(req);
      const body = await readBody(req);
      if (!isId(body?.conversationId)) throw new HttpError(400, 'Say which conversation to share: { conversationId }.');
      const { rows } = await pool.query('SELECT 1 FROM sync_conversations WHERE person = $1 AND id = $2 AND NOT deleted', [
        who,
        body.conversationId,
      ]);
      if (!rows[0]) throw new HttpError(404, 'This conversation is not on the sync server yet; wait until it is synced, then share it.');
      const id = b64url(randomBytes(24));
      await pool.query('INSERT INTO sync_shares (id, person, conversation_id) VALUES ($1, $2, $3)', [id, who, body.conversationId]);
      return json(res, 201, { id });
    }
    const revoke = /^\/shares\/([^/]+)$/.exec(path);
    if (revoke && req.method === 'DELETE') {
      const who = await person(req);
      await pool.query('UPDATE sync_shares SET revoked_at = now() WHERE id = $1 AND person = $2 AND revoked_at IS NULL', [revoke[1], who]);
      endShare(revoke[1]);
      await pool.query('SELECT pg_notify($1, $2)', [REVOKED, revoke[1]]);
      return json(res, 200, { revoked: true });
    }
    throw new HttpError(404, 'No such sync endpoint.');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (res.headersSent) return res.end();
      if (error instanceof HttpError) return json(res, error.status, { error: error.message });
      // PostgreSQL unreachable or failing: say so without details of the database.
      json(res, 503, { error: 'The sync database is not reachable right now; try again shortly.' });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const port = server.address().port;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    async close() {
      closed = true;
      for (const s of streams) s.res.end();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
      await listener?.end().catch(() => undefined);
      if (!options.pool) await pool.end().catch(() => undefined);
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  if (!env.DATABASE_URL) {
    console.error('Set DATABASE_URL to your PostgreSQL, e.g. postgres://user:password@127.0.0.1:5432/site');
    process.exit(1);
  }
  startSyncServer({
    databaseUrl: env.DATABASE_URL,
    port: Number(env.PORT ?? 4500),
    host: env.HOST ?? '127.0.0.1',
    secret: env.SYNC_SECRET,
    origins: (env.SYNC_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  }).then(
    (s) => {
      console.log(`sync server listening on ${s.url}`);
      const stop = () => s.close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (error) => {
      console.error(`The sync server did not start: ${error.message}`);
      process.exit(1);
    },
  );
}
