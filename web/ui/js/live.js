// @ts-check
// live.js: one WebSocket per page, reconnecting with backoff and catching up
// from the last version seen. A heartbeat arrives every few seconds; if none
// comes for 7 s the link is shown as lost and reopened.

import { auth } from './api.js';

export class Live {
  // opts: { table, as ('player'|'host'|'public'), onView(snapshot, events, notice), onPresence(p), onStatus(text, ok) }
  constructor(opts) {
    this.o = opts;
    this.version = 0;
    this.tries = 0;
    this.closed = false;
    this.open();
  }

  url() {
    const h = auth(this.o.table, this.o.as);
    const q = new URLSearchParams({ since: String(this.version) });
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
        if (m.snapshot) this.version = Math.max(this.version, m.snapshot.version);
        this.o.onView && this.o.onView(m.snapshot, m.events || [], m.notice || null);
      } else if (m.type === 'presence') {
        this.o.onPresence && this.o.onPresence(m.presence);
      }
    };
    ws.onclose = () => { if (this.ws === ws) this.retry(); };
    ws.onerror = () => { try { ws.close(); } catch {} };
  }

  beat() {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.status('connection lost – reconnecting…', false);
      const ws = this.ws;
      this.ws = null;
      try { ws && ws.close(); } catch {}
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
    clearTimeout(this.timer);
    clearTimeout(this.watchdog);
    if (this.ws) { const ws = this.ws; this.ws = null; try { ws.close(); } catch {} }
  }
}
