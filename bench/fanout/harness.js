// One harness for both servers: 50 clients (40 public screens and 10 of a
// player's phones for quartermaster; 49 spectators and the acting player for
// boardgame.io), N actions one after another, each timed from the moment it
// is sent until all 50 clients hold the new state. It prints one JSON line:
// p50 and p99 in ms, and the server's CPU per action (from /proc).
//   node harness.js qm      URL TABLE PIN ACTIONS SERVER_PID   (actions on the socket, as the dashboard sends them)
//   node harness.js qm-http URL TABLE PIN ACTIONS SERVER_PID   (actions posted over HTTP)
//   node harness.js bgio    URL MATCH CREDENTIALS ACTIONS SERVER_PID
'use strict';
const fs = require('fs');
const path = require('path');
const WebSocket = require('ws');

const [kind, url, id, secret, nActions, pid] = process.argv.slice(2);
const N = Number(nActions);
const CLIENTS = 50;

function cpuTicks(p) {
  const f = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]); // utime + stime, in clock ticks
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

// The tracker resolves waitAll(v) when every client has seen version v, and
// notes when the first client saw each version (firstAt).
function tracker() {
  const seen = new Array(CLIENTS).fill(-1);
  const firstAt = new Map();
  let want = null;
  return {
    firstAt,
    seen(i, v) {
      if (v > seen[i]) seen[i] = v;
      if (!firstAt.has(v)) firstAt.set(v, performance.now());
      if (want && seen.every((s) => s >= want.v)) {
        const w = want;
        want = null;
        w.resolve(performance.now());
      }
    },
    waitAll(v) {
      return new Promise((resolve, reject) => {
        if (seen.every((s) => s >= v)) return resolve(performance.now());
        want = { v, resolve };
        setTimeout(() => reject(new Error(`not all clients reached ${v}: ${seen.filter((s) => s >= v).length}`)), 10000);
      });
    },
    min() { return Math.min(...seen); },
  };
}

// synced waits until every client holds a state (on a loaded machine a fixed
// pause was not always enough, and the first move then found no state).
async function synced(t) {
  const start = performance.now();
  while (t.min() < 0) {
    if (performance.now() - start > 30000) throw new Error('clients did not all receive the state in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// runQM acts as the dashboard does: with via "socket" (the dashboard since
// 2026-11-24) the action goes on the first client's socket (a public
// screen, as the tablet's) and the answer comes back on it; with via "http"
// it is posted (POST .../actions). Either way it is timed until the answer
// is in and all 50 clients hold the new state.
//
// Each client opens its socket with patches=1, as the dashboard does, and
// holds the snapshot: a full view replaces it, a patch is applied to it with
// the dashboard's own patch.js (only on the version it names as its base),
// and the client counts as holding a version only once that is done. A
// build that sends no patches sends full views, which are taken as they are.
async function runQM(via) {
  const { applyPatch } = await import(path.resolve(__dirname, '../../web/ui/js/patch.js'));
  const t = tracker();
  const base = url.replace(/^http/, 'ws') + `/api/tables/${id}/ws?since=0&patches=1`;
  const answers = new Map();
  let updateBytes = 0; // the view and patch messages' bytes, all clients
  const sockets = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => new Promise((ok, bad) => {
    const ws = new WebSocket(i % 5 === 1 ? `${base}&pin=${secret}` : base);
    let held = null;
    ws.on('message', (data) => {
      const m = JSON.parse(data);
      if (m.type !== 'answer' && m.type !== 'presence' && m.type !== 'ping') updateBytes += data.length;
      if ((m.type === 'view' || m.type === 'notice') && m.snapshot) {
        held = m.snapshot;
        t.seen(i, held.version);
      } else if (m.type === 'patch') {
        if (!held || held.version !== m.base) throw new Error(`client ${i} holds version ${held && held.version}, got a patch of ${m.base}`);
        held = applyPatch(held, m.patch);
        if (held.version !== m.version) throw new Error(`client ${i}: the patch to ${m.version} gave version ${held.version}`);
        t.seen(i, held.version);
      } else if (m.type === 'answer' && answers.has(m.id)) answers.get(m.id)(m);
    });
    ws.on('open', () => ok(ws));
    ws.on('error', bad);
  })));
  await new Promise((r) => setTimeout(r, 500));
  await synced(t);
  let version = t.min();
  const lat = [];
  const answer = []; // when the action's answer came back
  const first = []; // when the first client held the update
  const c0 = cpuTicks(pid);
  updateBytes = 0;
  for (let i = 0; i < N; i++) {
    const hold = i % 2 === 1 ? 'A' : 'D';
    // What the dashboard sends: the action, the version it saw, a fresh
    // idempotency key, the device.
    const body = { action: { type: 'rearrange', seat: 0, holds: { [hold]: { cargo: 1 } } }, baseVersion: version, key: `bench-${i}-${Math.random().toString(16).slice(2)}`, source: 'tablet' };
    const start = performance.now();
    if (via === 'socket') {
      const m = await new Promise((resolve) => {
        answers.set(String(i), resolve);
        sockets[0].send(JSON.stringify({ ...body, type: 'action', id: String(i) }));
      });
      answers.delete(String(i));
      if (m.status !== 200) throw new Error(`action ${i}: ${m.status} ${JSON.stringify(m.error)}`);
    } else {
      const res = await fetch(`${url}/api/tables/${id}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Origin': url }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`action ${i}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    answer.push(performance.now() - start);
    version++;
    const end = await t.waitAll(version);
    lat.push(end - start);
    first.push(t.firstAt.get(version) - start);
  }
  return { lat, cpu: cpuTicks(pid) - c0, answer, first, bytes: updateBytes / (N * CLIENTS) };
}

async function runBGIO() {
  const { Client } = require('boardgame.io/client');
  const { SocketIO } = require('boardgame.io/multiplayer');
  const game = { name: 'bench', moves: { rearrange: () => {} } };
  const t = tracker();
  const clients = [];
  for (let i = 0; i < CLIENTS; i++) {
    const opts = { game, matchID: id, multiplayer: SocketIO({ server: url }), debug: false };
    if (i === 0) Object.assign(opts, { playerID: '0', credentials: secret });
    const c = Client(opts);
    c.subscribe((s) => { if (s) t.seen(i, s._stateID); });
    c.start();
    clients.push(c);
  }
  await new Promise((r) => setTimeout(r, 1500));
  await synced(t);
  let version = t.min();
  const lat = [];
  const first = [];
  const c0 = cpuTicks(pid);
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    clients[0].moves.rearrange();
    version++;
    const end = await t.waitAll(version);
    lat.push(end - start);
    first.push(t.firstAt.get(version) - start);
  }
  const cpu = cpuTicks(pid) - c0;
  clients.forEach((c) => c.stop());
  return { lat, cpu, first };
}

(async () => {
  const { lat, cpu, answer, first, bytes } = kind === 'bgio' ? await runBGIO() : await runQM(kind === 'qm-http' ? 'http' : 'socket');
  const p50 = (xs) => +pct([...xs].sort((a, b) => a - b), 50).toFixed(2);
  lat.sort((a, b) => a - b);
  const hz = 100; // USER_HZ on Linux
  const out = { server: kind, actions: N, p50_ms: +pct(lat, 50).toFixed(2), p99_ms: +pct(lat, 99).toFixed(2),
    cpu_ms_per_action: +((cpu * 1000) / hz / N).toFixed(2) };
  // Where the time goes (FANOUT_DETAIL=1): the p50 of the action's answer
  // and of the first client holding the update, from the moment it was sent.
  if (process.env.FANOUT_DETAIL) {
    if (answer) out.answer_p50_ms = p50(answer);
    out.first_p50_ms = p50(first);
    if (bytes !== undefined) out.update_bytes = Math.round(bytes); // per client per action
  }
  console.log(JSON.stringify(out));
  process.exit(0);
})().catch((e) => { console.error(e.message); process.exit(1); });
