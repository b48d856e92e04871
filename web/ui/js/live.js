// @ts-check
// live.js: one WebSocket per page, reconnecting with backoff and catching up
// from the last version seen. A heartbeat arrives every few seconds; if none
// comes for 7 s the link is shown as lost and reopened.
//
// The page's actions go on this socket while it is open (routeActions), as
// boardgame.io's clients send their moves: the answer comes back on it with
// the same result or refusal POST /actions gives. An action whose socket
// closes before its answer is posted again with the same idempotency key,
// so it is applied once whichever request got through.
//
// The socket is opened with patches=1: after the first full view each
// update is a patch of the snapshot this page holds (patch.js), named by
// the version it applies to. A patch for another version, or one that does
// not apply, is never shown: the socket is reopened from the last version
// held, and the server sends the full view with the events missed. After
// maxPatchFailures such reopenings the page takes full views only.

import { auth, call, routeActions, ApiError } from './api.js';
import { applyPatch } from './patch.js';

const maxPatchFailures = 3;

export class Live {
  // opts: { table, as ('player'|'host'|'public'), onView(snapshot, events, notice), onPresence(p), onStatus(text, ok) }
  constructor(opts) {
    this.o = opts;
    this.version = 0;
    this.tries = 0;
    this.closed = false;
    this.seq = 0;
    /** @type {any} the snapshot last handed to onView, the base of the next patch */
    this.snap = null;
    this.patchFailures = 0;
    /** @type {Map<string, {body: any, resolve: (v: any) => void, reject: (e: any) => void}>} */
    this.pending = new Map();
    this.unroute = routeActions(opts.table, opts.as, (body) => this.act(body));
    this.open();
  }

  /**
   * act sends an action on the socket and resolves with the server's result
   * (or rejects with its refusal); null when the socket is not open.
   * @param {any} body what POST /actions takes
   * @returns {Promise<any>|null}
   */
  act(body) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return null;
    const id = String(++this.seq);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { body, resolve, reject });
      try { ws.send(JSON.stringify({ ...body, type: 'action', id })); } catch { this.repost(); }
    });
  }

  // repost posts the actions still waiting for an answer on a socket that
  // went away (same keys: an action that did get through is not repeated).
  repost() {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) {
      call('POST', `/api/tables/${encodeURIComponent(this.o.table)}/actions`, { body: p.body, table: this.o.table, as: this.o.as, noSocket: true })
        .then(p.resolve, p.reject);
    }
  }

  url() {
    const h = auth(this.o.table, this.o.as);
    const q = new URLSearchParams({ since: String(this.version) });
    if (this.patchFailures < maxPatchFailures) q.set('patches', '1');
    if (h['X-PIN']) q.set('pin', h['X-PIN']);
    if (h['Authorization']) q.set('token', h['Authorization'].slice(7));
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/tables/${encodeURIComponent(this.o.table)}/ws?${q}`;
  }

  open() {
    if (this.closed) return;
    this.status('connecting…', false);
    let ws;
    try { ws = new WebSocket(this.url()); } catch { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => { this.tries = 0; this.status('live', true); this.beat(); };
    ws.onmessage = (ev) => {
      this.beat();
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type === 'view' || m.type === 'notice') {
        if (m.snapshot) {
          this.version = Math.max(this.version, m.snapshot.version);
          this.snap = m.snapshot;
        }
        this.o.onView && this.o.onView(m.snapshot, m.events || [], m.notice || null);
      } else if (m.type === 'patch') {
        let snap = null;
        if (this.snap && this.snap.version === m.base) {
          try { snap = applyPatch(this.snap, m.patch); } catch { snap = null; }
        }
        if (!snap || snap.version !== m.version) {
          // Not the base held, or it does not apply: show nothing wrong,
          // reopen from the version held (onclose reconnects).
          this.patchFailures++;
          if (this.ws === ws) { try { ws.close(); } catch {} }
          return;
        }
        this.snap = snap;
        this.version = Math.max(this.version, snap.version);
        this.o.onView && this.o.onView(snap, m.events || [], m.notice || null);
      } else if (m.type === 'presence') {
        this.o.onPresence && this.o.onPresence(m.presence);
      } else if (m.type === 'answer') {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.status === 200) p.resolve(m.result);
        else p.reject(new ApiError(m.status, m.error));
      }
    };
    ws.onclose = () => { if (this.ws === ws) { this.repost(); this.retry(); } };
    ws.onerror = () => { try { ws.close(); } catch {} };
  }

  beat() {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.status('connection lost – reconnecting…', false);
      const ws = this.ws;
      this.ws = null;
      try { ws && ws.close(); } catch {}
      this.repost();
      this.retry();
    }, 7000);
  }

  retry() {
    clearTimeout(this.watchdog);
    if (this.closed) return;
    this.ws = null;
    const delay = Math.min(8000, 300 * 2 ** this.tries) * (0.75 + Math.random() / 2);
    this.tries++;
    this.status('disconnected – reconnecting…', false);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }

  status(text, ok) { this.o.onStatus && this.o.onStatus(text, ok); }

  close() {
    this.closed = true;
    this.unroute();
    this.repost();
    clearTimeout(this.timer);
    clearTimeout(this.watchdog);
    if (this.ws) { const ws = this.ws; this.ws = null; try { ws.close(); } catch {} }
  }
}
