// app.js: the dashboard. Hash routes:
//   #/                 home: tables, new game, join, score, help
//   #/new              new game
//   #/t/ID             the table (tablet; host tools if this device holds the token)
//   #/p/ID[?pin=PIN]   a player's private view (phone)
//   #/score            the "just score" calculator
//   #/help[?q=...]     rules help
//   #/calibrate/ID     camera calibration (host)
//   #/dev              simulated devices

import { call, secrets, newKey, ApiError } from './api.js';
import { Live } from './live.js';
import { h, fill, errorBox, errorText, toast, colourOf, fmtTime } from './ui.js';
import * as generic from './generic.js';
import * as dr from './dr.js';
import { scorePage } from './score.js';
import { calibratePage } from './calibrate.js';

const app = document.getElementById('app');
const statusEl = document.getElementById('status');
let current = null; // the page's cleanup (closes its WebSocket)
let health = null; // what this server has: camera, simulator...
call('GET', '/api/health').then((x) => { health = x; }).catch(() => {});

const renderers = { 'dead-reckoning': dr };
function rendererFor(rules, view) {
  const r = renderers[rules];
  return r && r.accepts(view) ? r : generic;
}

function setStatus(text, ok) {
  if (!statusEl) return;
  statusEl.textContent = text;
  statusEl.className = !text ? '' : (ok ? 'ok' : 'bad');
}

function route() {
  if (current) { current(); current = null; }
  setStatus('', true);
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query] = hash.split('?');
  const q = new URLSearchParams(query || '');
  const parts = path.split('/').filter(Boolean);
  document.body.dataset.page = parts[0] || 'home';
  try {
    switch (parts[0]) {
      case undefined: return homePage();
      case 'new': return newGamePage();
      case 't': return tablePage(parts[1], 'table');
      case 'p': return joinPage(parts[1], q.get('pin'));
      case 'score': return scorePage(app);
      case 'help': return helpPage(q.get('q') || '');
      case 'calibrate': current = calibratePage(app, parts[1]); return;
      case 'dev': return devPage();
      default: fill(app, h('p', null, 'There is no such page. '), h('a', { href: '#/' }, 'Back to the start'));
    }
  } catch (e) {
    fill(app, errorBox(e));
  }
}
window.addEventListener('hashchange', route);
window.addEventListener('DOMContentLoaded', route);

// ---------- home ----------

async function homePage() {
  const list = h('div', { class: 'tables' }, 'Loading the tables…');
  fill(app,
    h('section', { class: 'hero' },
      h('h1', null, 'Quartermaster'),
      h('p', { class: 'lead' }, 'The table companion for Dead Reckoning.'),
      h('div', { class: 'bigbuttons' },
        h('a', { class: 'big primary', href: '#/new', id: 'new-game' }, 'New game'),
        h('a', { class: 'big', href: '#/score' }, 'Just score'),
        h('a', { class: 'big', href: '#/help' }, 'Rules help'),
        h('a', { class: 'big', href: '#/dev' }, 'Devices'))),
    h('section', null, h('h2', null, 'Tables'), list));
  try {
    const tables = await call('GET', '/api/tables');
    tables.sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
    if (!tables.length) { fill(list, h('p', { class: 'muted' }, 'No games yet. Start one with “New game”.')); return; }
    fill(list, tables.map((t) => {
      const mine = !!secrets.host(t.id);
      return h('div', { class: 'tablerow' + (t.over ? ' over' : '') },
        h('div', { class: 'who' }, t.players.map((p) => h('span', { class: 'chip', style: `--c:${colourOf(p.colour)}` }, p.name))),
        h('div', { class: 'muted' }, `${t.rules} · ${t.over ? 'finished' : 'move ' + t.version} · ${new Date(t.updated).toLocaleString()}`),
        h('div', { class: 'row' },
          h('a', { class: 'btn', href: `#/t/${t.id}` }, t.over ? 'Result' : (mine ? 'Open (host)' : 'Watch')),
          h('a', { class: 'btn', href: `#/p/${t.id}` }, 'My private view'),
          h('a', { class: 'btn', href: `/api/tables/${t.id}/export?kind=json`, download: '' }, 'Log (JSON)'),
          t.over ? h('a', { class: 'btn', href: `/api/tables/${t.id}/export?kind=bgstats`, download: '' }, 'BG Stats') : null));
    }));
  } catch (e) { fill(list, errorBox(e)); }
}

// ---------- new game ----------

const COLOURS = ['purple', 'green', 'blue', 'orange', 'red', 'yellow'];

function newGamePage() {
  const rows = h('div', { class: 'players' });
  const err = h('div');
  const rulesIn = h('select', { id: 'rules' }, h('option', { value: 'dead-reckoning' }, 'Dead Reckoning'), h('option', { value: 'other' }, 'Other rules (type the name)…'));
  const otherRules = h('input', { id: 'rules-other', placeholder: 'rules name', hidden: true });
  rulesIn.onchange = () => { otherRules.hidden = rulesIn.value !== 'other'; };
  const bonus = h('input', { type: 'checkbox', id: 'opt-bonus' });
  const levelFinal = h('input', { type: 'checkbox', id: 'opt-level-final' });
  const start = h('select', { id: 'start' }, h('option', { value: '' }, 'Draw at random'));
  const setupRaw = h('textarea', { id: 'setup-raw', rows: 4, placeholder: 'Optional: the whole setup JSON (replaces the form; see docs/api-engine.md)' });

  const addRow = (name = '', colour) => {
    if (rows.children.length >= 4) return;
    const used = new Set([...rows.querySelectorAll('select')].map((x) => x.value));
    colour = colour || COLOURS.find((c) => !used.has(c));
    const row = h('div', { class: 'playerrow' },
      h('span', { class: 'seat' }),
      h('input', { class: 'pname', placeholder: 'Name', value: name, maxlength: 24, autocomplete: 'off' }),
      h('select', { class: 'pcolour' }, COLOURS.map((c) => h('option', { value: c, selected: c === colour }, c))),
      h('button', { class: 'icon', title: 'Move up', onclick: () => { if (row.previousSibling) rows.insertBefore(row, row.previousSibling); seats(); } }, '▲'),
      h('button', { class: 'icon', title: 'Remove', onclick: () => { row.remove(); seats(); } }, '✕'));
    rows.append(row);
    seats();
  };
  const seats = () => {
    [...rows.children].forEach((r, i) => { r.querySelector('.seat').textContent = `Seat ${i + 1}`; });
    const keep = start.value;
    fill(start, h('option', { value: '' }, 'Draw at random'),
      [...rows.children].map((r, i) => h('option', { value: i, selected: String(i) === keep }, r.querySelector('.pname').value || `Seat ${i + 1}`)));
  };
  rows.addEventListener('input', seats);
  addRow(); addRow();

  const create = async () => {
    fill(err);
    const players = [...rows.children].map((r, i) => ({
      name: r.querySelector('.pname').value.trim(), colour: r.querySelector('.pcolour').value, seat: i,
    }));
    const rules = rulesIn.value === 'other' ? otherRules.value.trim() : rulesIn.value;
    let setup;
    if (setupRaw.value.trim()) {
      try { setup = JSON.parse(setupRaw.value); } catch (e) { fill(err, errorBox({ message: 'the setup JSON does not read: ' + e.message })); return; }
    } else if (rules === 'dead-reckoning') {
      setup = { players: players.map((p) => ({ name: p.name, color: p.colour })), options: { bonusTokens: bonus.checked, levelOnFinalTurn: levelFinal.checked } };
      if (start.value !== '') setup.start = Number(start.value);
    }
    try {
      const res = await call('POST', '/api/tables', { body: { rules, setup, players } });
      secrets.setHost(res.table, res.hostToken, res.pins);
      location.hash = `#/t/${res.table}`;
    } catch (e) { fill(err, errorBox(e)); }
  };

  fill(app,
    h('h1', null, 'New game'),
    h('div', { class: 'form' },
      h('label', null, 'Game ', rulesIn, otherRules),
      h('h2', null, 'Players, in seating order (clockwise)'),
      rows,
      h('button', { class: 'btn', onclick: () => addRow() }, '+ Add a player'),
      h('h2', null, 'Options'),
      h('label', { class: 'check' }, bonus, ' Bonus achievement tokens (p. 22)'),
      h('label', { class: 'check' }, levelFinal, ' Level up on the final turn too (house rule)'),
      h('label', null, 'First player ', start),
      h('details', null, h('summary', null, 'Advanced: setup JSON'), setupRaw),
      err,
      h('button', { class: 'big primary', id: 'create', onclick: create }, 'Start the game')));
}

// ---------- join (phone) ----------

async function joinPage(id, pinFromLink) {
  if (pinFromLink) {
    secrets.setPin(id, pinFromLink);
    history.replaceState(null, '', `#/p/${id}`);
  }
  if (!secrets.pin(id)) {
    const pinIn = h('input', { id: 'pin', inputmode: 'numeric', autocomplete: 'off', maxlength: 8, placeholder: 'PIN' });
    const err = h('div');
    const go = async () => {
      secrets.setPin(id, pinIn.value.trim());
      try {
        await call('GET', `/api/tables/${id}/me`, { table: id, as: 'player' });
        tablePage(id, 'player');
      } catch (e) { secrets.forgetPin(id); fill(err, errorBox(e)); }
    };
    pinIn.addEventListener('keydown', (e) => { if (e.key === 'Enter') go(); });
    fill(app, h('div', { class: 'join' },
      h('h1', null, 'Your private view'),
      h('p', null, 'Type the PIN the tablet shows next to your name (or scan its QR code).'),
      pinIn, h('button', { class: 'big primary', id: 'join', onclick: go }, 'Open'), err));
    pinIn.focus();
    return;
  }
  tablePage(id, 'player');
}

// ---------- the table ----------

function tablePage(id, mode) {
  const as = mode === 'player' ? 'player' : (secrets.host(id) ? 'host' : 'public');
  const st = { id, as, snap: null, me: null, at: null, presence: null, log: [], error: null, notices: [] };
  const main = h('div', { class: 'main' });
  const side = h('aside', { class: 'side' });
  const top = h('div', { class: 'topbar' });
  fill(app, h('div', { class: 'table-page ' + as }, top, h('div', { class: 'cols' }, main, side)));

  const submit = async (action, extra = {}) => {
    st.error = null;
    const path = extra.path || `/api/tables/${id}/actions`;
    const body = extra.body || { action, baseVersion: st.snap.version, key: newKey(), source: as === 'player' ? 'phone' : 'tablet' };
    try {
      const res = await call('POST', path, { body, table: id, as });
      if (res && res.events) res.events.forEach((e) => e.text && toast(e.secret && e.secret.text ? e.secret.text : e.text, 'ok'));
      return res;
    } catch (e) {
      st.error = e;
      if (e.status === 409 && e.code === 'stale') {
        st.error = new ApiError(409, { code: 'stale', message: 'someone else acted first; the table has been updated – look again and retry' });
        await refresh();
      }
      draw();
      throw e;
    }
  };

  const refresh = async () => {
    try {
      st.snap = await call('GET', `/api/tables/${id}`, { table: id, as });
      await loadLog();
      // Camera reads still waiting (after a reload of the page).
      const reads = await call('GET', `/api/tables/${id}/reads`, { table: id, as });
      for (const r of reads) {
        if (!st.notices.some((n) => n.read && n.read.id === r.id)) st.notices.push({ kind: 'proposed-read', text: `The camera read ${r.cubes} cubes: confirm or correct the read.`, read: r });
      }
    } catch (e) { st.error = e; }
    draw();
  };

  // addNotice: what needs a person (a read to confirm, a count that does not
  // match, a device error, a refused button) stays on screen; the rest is a
  // passing message.
  const STAYS = ['proposed-read', 'count-mismatch', 'device-error', 'action-refused'];
  function addNotice(n) {
    if (n.kind === 'read-resolved') {
      st.notices = st.notices.filter((x) => !(x.read && n.read && x.read.id === n.read.id));
      toast(n.text, 'ok');
      return;
    }
    if (STAYS.includes(n.kind)) {
      // The same read again: the camera read before the tower's count came,
      // and the proposal now has it. Show the newer one in its place.
      const same = n.read ? st.notices.findIndex((x) => x.kind === n.kind && x.read && x.read.id === n.read.id) : -1;
      if (same >= 0) { st.notices[same] = n; return; }
      st.notices.push(n);
      st.notices = st.notices.slice(-4);
    } else if (n.text) toast(n.text);
  }
  const loadLog = async () => {
    try { st.log = await call('GET', `/api/tables/${id}/history`, { table: id, as }); } catch (e) { /* the view still shows */ }
  };

  const ctx = {
    get seat() { return st.me ? st.me.viewer.seat : -1; },
    get host() { return !!(st.me && st.me.host); },
    get readOnly() { return st.at !== null; },
    get camera() { return !!(health && health.camera); },
    table: id, as, submit,
    setError(e) { st.error = e; draw(); },
  };

  function draw() {
    const snap = st.atSnap || st.snap;
    if (!snap) { fill(main, h('p', null, 'Loading the table…')); return; }
    let view = snap.view;
    const r = rendererFor(snap.rules, view);
    ctx.players = snap.players;
    fill(top,
      h('a', { class: 'home', href: '#/', title: 'Start page' }, '⚓'),
      h('div', { class: 'title' }, r.title ? r.title(view, snap) : snap.rules, snap.over ? h('span', { class: 'badge over' }, 'Game over') : null),
      presenceChips(snap.players, st.presence),
      as === 'player' && st.me ? h('span', { class: 'badge me', style: `--c:${colourOf((snap.players[st.me.viewer.seat] || {}).colour)}` }, 'Private view: ' + (snap.players[st.me.viewer.seat] || {}).name) : null,
      as === 'host' ? hostTools() : null);
    const parts = [];
    if (st.at !== null) {
      parts.push(h('div', { class: 'timetravel', id: 'timetravel' }, `You are looking at the table as it was at move ${st.at}. `,
        h('button', { class: 'btn', onclick: () => { st.at = null; st.atSnap = null; draw(); } }, 'Back to now')));
    }
    if (st.error) parts.push(errorBox(st.error));
    if (st.notices.length) parts.push(noticesPanel());
    if (snap.version === 0 && st.at === null && r.setupGuide) parts.push(r.setupGuide(view, snap));
    if (snap.over && r.endScreen) parts.push(r.endScreen(view, snap, st.at === null ? ctx : null));
    parts.push(r.render(view, ctx, snap));
    fill(main, parts);
    fill(side,
      st.at === null && !snap.over ? h('section', { class: 'actions' }, h('h2', null, 'Act'), r.actions(view, ctx, snap)) : null,
      logPanel());
  }

  function presenceChips(players, p) {
    if (!p) return null;
    return h('div', { class: 'presence', id: 'presence' },
      h('span', { class: 'chip tablet', title: 'screens showing the table' }, `screens: ${p.public}`),
      players.map((pl) => h('span', { class: 'chip phone ' + (p.seats[pl.seat] ? 'on' : 'off'), style: `--c:${colourOf(pl.colour)}`, title: p.seats[pl.seat] ? 'phone connected' : 'phone not connected' },
        `${pl.name}’s phone${p.seats[pl.seat] ? ' ✓' : ': off'}`)));
  }

  function hostTools() {
    return h('div', { class: 'hosttools' },
      h('button', { class: 'btn', id: 'undo', onclick: undo }, '↶ Undo'),
      h('button', { class: 'btn', id: 'show-pins', onclick: showPins }, 'Phones & PINs'),
      h('a', { class: 'btn', href: `#/calibrate/${id}` }, 'Camera'),
      h('a', { class: 'btn', href: `/api/tables/${id}/export?kind=json`, download: '' }, 'Export'));
  }

  async function undo() {
    try {
      await call('POST', `/api/tables/${id}/undo`, { table: id, as, body: { baseVersion: st.snap.version } });
      toast('The last action was taken back.', 'ok');
    } catch (e) { st.error = e; draw(); }
  }

  function showPins() {
    const hs = secrets.host(id);
    const base = `${location.origin}${location.pathname}#/p/${id}?pin=`;
    const dlg = h('div', { class: 'modal', id: 'pins', onclick: (e) => { if (e.target === dlg) dlg.remove(); } },
      h('div', { class: 'card' },
        h('h2', null, 'Private views for the phones'),
        h('p', null, 'Each player scans their code (or opens this table on their phone and types the PIN).'),
        h('div', { class: 'pins' }, (st.snap.players || []).map((p) => {
          const pin = hs && hs.pins ? hs.pins[p.seat] : null;
          return h('div', { class: 'pin', style: `--c:${colourOf(p.colour)}` },
            h('div', { class: 'pname' }, p.name),
            pin ? h('img', { class: 'qr', alt: `QR code for ${p.name}`, src: '/api/qr.svg?text=' + encodeURIComponent(base + pin) }) : null,
            h('div', { class: 'pinno' }, pin ? `PIN ${pin}` : 'PIN not kept on this tablet'));
        })),
        h('button', { class: 'big', onclick: () => dlg.remove() }, 'Close')));
    document.body.append(dlg);
  }

  function noticesPanel() {
    return h('section', { class: 'notices' }, st.notices.map((n, i) => {
      const box = h('div', { class: 'notice ' + n.kind }, h('strong', null, n.text || n.kind),
        n.kind !== 'proposed-read' ? h('button', { class: 'icon dismiss', title: 'Dismiss', onclick: () => { st.notices.splice(i, 1); draw(); } }, '✕') : null);
      if (n.kind === 'proposed-read' && n.read) box.append(readPrompt(n.read));
      return box;
    }));
  }

  function readPrompt(read) {
    const area = h('textarea', { rows: 4, class: 'mono' }, JSON.stringify(read.action, null, 1));
    const reason = h('input', { placeholder: 'What did the camera get wrong?', id: 'read-reason' });
    const r = rendererFor(st.snap.rules, st.snap.view);
    // With a read inside the action, the correction is typed in a grid of
    // cubes per colour and zone; otherwise as JSON.
    const inner = read.action && read.action.read;
    const grid = inner && r.readGrid ? r.readGrid(Object.keys(inner.cubes || {}).concat(Object.keys(inner.redrop || {})).filter((c, i, a) => a.indexOf(c) === i), inner) : null;
    return h('div', { class: 'readprompt' },
      r.readSummary ? r.readSummary(read, st.snap) : h('pre', { class: 'mono' }, JSON.stringify(read.action, null, 1)),
      h('div', { class: 'row' },
        h('button', { class: 'big primary', id: 'confirm-read', onclick: async () => {
          try { await submit(null, { path: `/api/tables/${id}/reads/${read.id}/confirm`, body: { baseVersion: st.snap.version } }); st.notices = st.notices.filter((x) => !x.read || x.read.id !== read.id); draw(); } catch {}
        } }, 'Confirm the read')),
      h('details', null, h('summary', null, 'Correct by hand'), grid || area, reason,
        h('button', { class: 'btn', id: 'correct-read', onclick: async () => {
          let action;
          if (grid) action = { ...read.action, read: grid.value() };
          else try { action = JSON.parse(area.value); } catch (e) { ctx.setError({ message: 'the corrected read does not read as JSON: ' + e.message }); return; }
          try { await submit(null, { path: `/api/tables/${id}/reads/${read.id}/correct`, body: { action, baseVersion: st.snap.version, reason: reason.value, source: 'tablet' } }); st.notices = st.notices.filter((x) => !x.read || x.read.id !== read.id); draw(); } catch {}
        } }, 'Apply the correction')));
  }

  function logPanel() {
    const entries = st.log.slice().reverse();
    const me = ctx.seat;
    return h('section', { class: 'log', id: 'log' },
      h('h2', null, 'The game so far'),
      entries.length ? null : h('p', { class: 'muted' }, 'Nothing has happened yet.'),
      h('ol', null, entries.map((e) => h('li', { class: (e.undone ? 'undone ' : '') + e.kind + (st.at === e.version ? ' at' : ''), 'data-version': e.version },
        h('button', { class: 'ver', title: 'See the table as it was after this', onclick: () => travel(e.version) }, e.version),
        h('div', { class: 'sentences' },
          (e.events || []).filter((ev) => ev.text).map((ev) => h('div', null, ev.secret && ev.secret.text && ev.seat === me ? ev.secret.text : ev.text)),
          e.correction ? h('div', { class: 'corr' }, 'Corrected: ' + e.correction) : null,
          e.undone ? h('div', { class: 'muted' }, 'taken back') : null),
        h('span', { class: 'time' }, fmtTime(e.time))))));
  }

  async function travel(v) {
    try {
      st.atSnap = await call('GET', `/api/tables/${id}?at=${v}`, { table: id, as });
      st.at = v;
      draw();
    } catch (e) { st.error = e; draw(); }
  }

  (async () => {
    try {
      st.me = await call('GET', `/api/tables/${id}/me`, { table: id, as });
    } catch (e) {
      if (as === 'player') { secrets.forgetPin(id); }
      fill(main, errorBox(e), h('p', null, h('a', { href: '#/' }, 'Back to the start')));
      return;
    }
    await refresh();
    const live = new Live({
      table: id, as,
      onStatus: setStatus,
      onPresence: (p) => { st.presence = p; if (st.snap) draw(); },
      onView: async (snap, events, notice) => {
        if (!snap) return;
        const prev = st.snap ? st.snap.version : -1;
        const changed = snap.version !== prev;
        st.snap = snap;
        if (notice) addNotice(notice);
        if (changed) {
          st.error = null;
          // One new action: its events come with the update, so the log
          // grows without asking the server; anything else (a catch-up, an
          // undo or a correction, which change older entries) reloads it.
          const plain = snap.version === prev + 1 && st.log.length === prev && !events.some((e) => /undo|correct/.test(e.type));
          if (plain) st.log.push({ version: snap.version, time: new Date().toISOString(), kind: 'action', events });
          else await loadLog();
        }
        draw();
      },
    });
    current = () => live.close();
  })();
  draw();
}

// ---------- rules help ----------

async function helpPage(q) {
  const input = h('input', { id: 'help-q', type: 'search', placeholder: 'e.g. explore, exploding, island control', value: q });
  const out = h('div', { class: 'notes' });
  const search = async () => {
    try {
      const notes = await call('GET', '/api/help?q=' + encodeURIComponent(input.value));
      fill(out, notes.length ? notes.map((n) => h('article', { class: 'note', id: 'note-' + n.id },
        h('h3', null, n.title, h('span', { class: 'page' }, 'rulebook p. ' + n.pages.join(', '))),
        h('p', null, n.text))) : h('p', { class: 'muted' }, 'No note matches. Try a shorter word.'));
    } catch (e) { fill(out, errorBox(e)); }
  };
  input.addEventListener('input', () => { clearTimeout(input.t); input.t = setTimeout(search, 200); });
  fill(app, h('h1', null, 'Rules help'),
    h('p', { class: 'muted' }, 'Short notes in our own words; the page is the printed rulebook’s.'),
    input, out);
  input.focus();
  search();
}

// ---------- developer panel ----------

async function devPage() {
  const out = h('ol', { class: 'devlog' });
  const list = h('div', { class: 'devices' }, 'Loading…');
  const send = async (key, command) => {
    try {
      const r = await call('POST', '/api/sim', { body: { key, command } });
      out.prepend(h('li', null, `${key}: ${command} → ${r.result}`));
    } catch (e) { out.prepend(h('li', { class: 'bad' }, `${key}: ${command} → ${errorText(e)}`)); }
    load();
  };
  const load = async () => {
    try {
      const ds = await call('GET', '/api/sim');
      fill(list, ds.map((d) => {
        const cmd = h('input', { placeholder: 'command' });
        return h('div', { class: 'device' },
          h('h3', null, d.label || d.key, h('span', { class: 'muted' }, ` ${d.key}`)),
          d.state ? h('div', { class: 'muted' }, d.state) : null,
          h('div', { class: 'row' }, (d.commands || []).map((c) => h('button', { class: 'btn', onclick: () => send(d.key, c) }, c)),
            cmd, h('button', { class: 'btn', onclick: () => cmd.value && send(d.key, cmd.value) }, 'Send')));
      }));
    } catch (e) { fill(list, errorBox(e)); }
  };
  fill(app, h('h1', null, 'Simulated devices'), list, h('h2', null, 'What happened'), out);
  load();
}


