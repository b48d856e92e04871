// @ts-check
// app.js: the dashboard's shell. It knows no game: what a game shows and
// lets players do comes from its module under games/<rules>/ (docs/ui.md
// says what a module exports and what the shell gives it).
// Hash routes:
//   #/                 home: tables, new game, join, score, help
//   #/new              new game, built from the game's form (GET /api/rules)
//   #/t/ID             the table (tablet; host tools if this device holds the token)
//   #/p/ID[?pin=PIN]   a player's private view (phone)
//   #/score[/RULES]    the "just score" calculator of a game's module
//   #/help[?q=...]     rules help
//   #/calibrate/ID     camera calibration (host)
//   #/dice/ID          the dice tray's calibration (host; dicecal.js)
//   #/dev              the table's devices (devices.js)
//   #/catalog[/RULES]  the owner's catalog of a game (catalog.js)

import { call, secrets, newKey, ApiError, rulesList, gameModule, helpNotes } from './api.js';
import { Live } from './live.js';
import { toast, hideToast, colourOf, fmtTime, errorText } from './ui.js';
import { html, render, useState, useEffect, useRef, useLayoutEffect, DomPart, ErrorBox } from './view.js';
import { cameraSlot, placeCamera } from './camera.js';
import * as generic from './generic.js';
import { calibratePage } from './calibrate.js';
import { DiceCalPage } from './dicecal.js';
import { CatalogPage, catalogMissing, loadPracticeCatalog, PRACTICE_LABEL } from './catalog.js';
import { DevPage } from './devices.js';

const statusEl = document.getElementById('status');
/** @type {any} what this server has: camera, simulator... */
let health = null;
call('GET', '/api/health').then((x) => { health = x; }).catch(() => {});

function setStatus(text, ok) {
  if (!statusEl) return;
  statusEl.textContent = text;
  statusEl.className = !text ? '' : (ok ? 'ok' : 'bad');
}

/** @returns {{path: string, parts: string[], q: URLSearchParams}} */
function parseHash() {
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query] = hash.split('?');
  return { path, parts: path.split('/').filter(Boolean), q: new URLSearchParams(query || '') };
}

function App() {
  const [r, setR] = useState(parseHash());
  useEffect(() => {
    // A message belongs to the page it was said on: the practice
    // catalog's "Loaded" showed again on the new table's page.
    const on = () => { setStatus('', true); hideToast(); setR(parseHash()); };
    window.addEventListener('hashchange', on);
    // The address may have changed between the first render and this
    // listener (a link opened while the page loads): catch up once.
    const now = parseHash();
    if (now.path !== r.path || now.q.toString() !== r.q.toString()) on();
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const [page, id] = r.parts;
  document.body.dataset.page = page || 'home';
  // Each page is keyed by its path: another table is a new page (its own
  // WebSocket), the same one is only updated.
  switch (page) {
    case undefined: return html`<${Home} key="home" />`;
    case 'new': return html`<${NewGame} key="new" pick=${r.q.get('rules') || ''} />`;
    case 't': return html`<${TablePage} key=${'t/' + id} id=${id} mode="table" />`;
    case 'p': return html`<${JoinPage} key=${'p/' + id} id=${id} pinFromLink=${r.q.get('pin')} />`;
    case 'score': return html`<${ScorePage} key=${'score/' + (id || '')} rules=${id} />`;
    case 'help': return html`<${HelpPage} key="help" q=${r.q.get('q') || ''} />`;
    case 'calibrate': return html`<${DomPart} key=${'cal/' + id} deps=${[id]} mount=${(el) => calibratePage(el, id)} />`;
    case 'dice': return html`<${DiceCalPage} key=${'dice/' + id} id=${id} />`;
    case 'dev': return html`<${DevPage} key="dev" />`;
    case 'catalog': return html`<${CatalogPage} key=${'catalog/' + (id || '')} rules=${id} />`;
    default: return html`<p>There is no such page. <a href="#/">Back to the start</a></p>`;
  }
}

// ---------- home ----------

function Home() {
  const [tables, setTables] = useState(/** @type {any[]|null} */ (null));
  const [games, setGames] = useState(/** @type {any[]} */ ([]));
  const [err, setErr] = useState(null);
  useEffect(() => {
    call('GET', '/api/tables').then((ts) => {
      ts.sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
      setTables(ts);
    }).catch(setErr);
    rulesList().then(setGames).catch(() => {});
  }, []);
  // A helper with its own start button (a quick battle) is not another game.
  const names = games.filter((g) => !g.start).map((g) => g.title);
  const titles = names.length > 1 ? names.slice(0, -1).join(', ') + ' and ' + names[names.length - 1] : names.join('');
  const scorers = games.filter((g) => g.hasCalculator);
  return html`
    <section class="hero">
      <h1>Quartermaster</h1>
      <p class="lead">The table companion${titles ? ' for ' + titles : ''}.</p>
      <div class="bigbuttons">
        <a class="big primary" href="#/new" id="new-game">New game</a>
        ${games.filter((g) => g.start).map((g) => html`<a key=${'start:' + g.rules} class="big" href=${'#/new?rules=' + encodeURIComponent(g.rules)} data-start=${g.rules}>${g.start}</a>`)}
        ${scorers.map((g) => html`<a key=${g.rules} class="big" href=${'#/score/' + g.rules}>${scorers.length > 1 ? 'Just score: ' + g.title : 'Just score'}</a>`)}
        <a class="big" href="#/help">Rules help</a>
        ${games.some((g) => (g.catalogKinds || []).length) ? html`<a class="big" href="#/catalog" id="catalog-link">Owner’s catalog</a>` : null}
        <a class="big" href="#/dev">Devices</a>
      </div>
    </section>
    <section><h2>Tables</h2><div class="tables">
      ${err ? html`<${ErrorBox} err=${err} />` : !tables ? 'Loading the tables…'
        : !tables.length ? html`<p class="muted">No games yet. Start one with “New game”.</p>`
          : tables.map((t) => html`<${TableRow} key=${t.id} t=${t} games=${games} />`)}
    </div></section>`;
}

function TableRow({ t, games }) {
  const mine = !!secrets.host(t.id);
  const g = games.find((x) => x.rules === t.rules);
  return html`<div class=${'tablerow' + (t.over ? ' over' : '')}>
    <div class="who">${t.players.map((p) => html`<span key=${p.seat} class="chip" style=${'--c:' + colourCss(g, p.colour)}>${p.name}</span>`)}</div>
    <div class="muted">${`${g ? g.title : t.rules} · ${t.over ? 'finished' : 'move ' + t.version} · ${new Date(t.updated).toLocaleString()}`}</div>
    <div class="row">
      <a class="btn" href=${'#/t/' + t.id}>${t.over ? 'Result' : (mine ? 'Open (host)' : 'Watch')}</a>
      <a class="btn" href=${'#/p/' + t.id}>My private view</a>
      <a class="btn" href=${`/api/tables/${t.id}/export?kind=json`} download="">Log (JSON)</a>
      ${t.over ? html`<a class="btn" href=${`/api/tables/${t.id}/export?kind=bgstats`} download="">BG Stats</a>` : null}
    </div>
  </div>`;
}

// colourCss paints a player colour with the game's own CSS colour when the
// server gave one, else a readable default for the colour's name.
function colourCss(info, id) {
  const c = info && (info.colours || []).find((x) => x.id === id);
  return c && c.css ? c.css : colourOf(id);
}

// ---------- new game ----------

let rowSeq = 0;

/** @param {{pick?: string}} props pick: the game chosen (a start-page button) */
function NewGame({ pick = '' }) {
  const [games, setGames] = useState(/** @type {any[]|null} */ (null));
  const [rules, setRules] = useState('');
  const [rows, setRows] = useState(() => [{ key: ++rowSeq }, { key: ++rowSeq }]);
  // The names typed so far, by row key: only for the form's own sentences
  // ("Ann has Red already"); the fields stay uncontrolled.
  const [names, setNames] = useState(/** @type {Record<number, string>} */ ({}));
  const [err, setErr] = useState(null);
  const form = useRef(/** @type {HTMLDivElement|null} */ (null));
  // noCatalog names the game chosen when it needs an owner's catalog that
  // is not entered yet: the form says so, with a link to the catalog page.
  const [noCatalog, setNoCatalog] = useState('');
  const [practiceErr, setPracticeErr] = useState(/** @type {any} */ (null));
  useEffect(() => {
    rulesList().then((gs) => { setGames(gs); if (gs.length) setRules(gs.some((g) => g.rules === pick) ? pick : gs[0].rules); }).catch(setErr);
  }, []);
  useEffect(() => {
    const g = (games || []).find((x) => x.rules === rules);
    if (!g) return undefined;
    // Only the answer for the game chosen now counts: the first game's
    // answer arriving after the newcomer picked another (a busy server)
    // wiped that game's note.
    let current = true;
    catalogMissing(g).then((m) => { if (current) setNoCatalog(m ? g.rules : ''); });
    return () => { current = false; };
  }, [rules, games]);
  if (err && !games) return html`<h1>New game</h1><${ErrorBox} err=${err} />`;
  if (!games) return html`<h1>New game</h1><p>Loading the games…</p>`;
  const info = games.find((g) => g.rules === rules) || games[0];
  if (!info) return html`<h1>New game</h1><p>This server plays no game.</p>`;
  const colours = info.colours || [];
  const max = info.maxPlayers || 8;
  const min = info.minPlayers || 1;
  // Each seat's colour: the one picked for it, else the first of the game's
  // colours no seat has, so every seat starts with a colour of its own and
  // Start works at once. Picks live in the rows (they follow a player who
  // moves); a pick another game does not offer is ignored.
  const offered = new Set(colours.map((c) => c.id));
  const picked = new Set(rows.map((r) => r.colour).filter((c) => offered.has(c)));
  /** @type {string[]} */
  const eff = [];
  for (const r of rows) {
    if (offered.has(r.colour)) { eff.push(r.colour); continue; }
    const free = colours.find((c) => !picked.has(c.id) && !eff.includes(c.id));
    eff.push(free ? free.id : (colours[0] || { id: '' }).id);
  }
  // clash[i] names the earlier seat that has seat i's colour already.
  const clash = eff.map((c, i) => (colours.length ? eff.indexOf(c) : i));
  const labelOf = (id) => { const c = colours.find((x) => x.id === id); return c ? c.label || c.id : id; };
  // who names seat i in a sentence: the name typed, else "seat 2".
  const who = (/** @type {number} */ i) => (rows[i] && names[rows[i].key]) || `seat ${i + 1}`;
  const frozen = () => rows.map((r, k) => (colours.length ? { ...r, colour: eff[k] } : r));

  // The form's fields are not controlled: what a player types stays in the
  // field, and the answers are read from the fields when the game starts.
  const read = () => {
    const el = form.current;
    const players = [...el.querySelectorAll('.playerrow')].map((r) => ({
      name: /** @type {HTMLInputElement} */ (r.querySelector('.pname')).value.trim(),
      // A list of the game's colours, or the colour typed where the game
      // names none (its box's colours are the owner's to name).
      colour: /** @type {HTMLSelectElement|HTMLInputElement} */ (r.querySelector('.pcolour')).value.trim(),
    }));
    /** @type {Record<string, any>} */
    const options = {};
    for (const o of info.options || []) {
      const i = /** @type {HTMLInputElement|null} */ (el.querySelector(`[data-option="${o.id}"]`));
      if (!i || i.disabled) continue;
      options[o.id] = o.kind === 'bool' ? i.checked : o.kind === 'number' ? Number(i.value) : i.value;
    }
    return { players, options };
  };
  const create = async () => {
    setErr(null);
    // Two seats with one colour: refused beside the second seat's colour,
    // which is brought into view.
    const twice = clash.findIndex((j, i) => j !== i);
    if (twice >= 0) {
      const sel = /** @type {HTMLElement|null} */ (form.current.querySelectorAll('.pcolour')[twice]);
      if (sel) { sel.scrollIntoView({ block: 'center' }); sel.focus(); }
      return;
    }
    const answers = read();
    const raw = /** @type {HTMLTextAreaElement} */ (form.current.querySelector('#setup-raw')).value.trim();
    let body;
    if (raw) {
      // The setup as the rules take it (scripts, a game without a form).
      try { body = { rules: info.rules, setup: JSON.parse(raw), players: answers.players.map((p, i) => ({ ...p, seat: i })) }; } catch (e) { setErr({ message: 'the setup JSON does not read: ' + e.message }); return; }
    } else body = { rules: info.rules, form: answers };
    try {
      const res = await call('POST', '/api/tables', { body });
      secrets.setHost(res.table, res.hostToken, res.pins);
      await claimFreeHardware(res.table);
      location.hash = `#/t/${res.table}`;
    } catch (e) { setErr(e); }
  };
  const addRow = () => {
    if (rows.length >= max) return;
    const free = colours.find((c) => !eff.includes(c.id));
    setRows([...frozen(), { key: ++rowSeq, colour: free && free.id }]);
  };
  const pickColour = (i, id) => { const x = frozen(); x[i] = { ...x[i], colour: id }; setRows(x); };
  const n = rows.length;
  return html`
    <h1>New game</h1>
    <div class="form" ref=${form}>
      ${games.length > 1 ? html`<label>Game <select id="rules" value=${info.rules} onChange=${(e) => setRules(e.currentTarget.value)}>
        ${games.map((g) => html`<option key=${g.rules} value=${g.rules}>${g.title}</option>`)}</select></label>` : html`<p class="lead">${info.title}</p>`}
      ${info.blurb ? html`<p class="muted">${sentence(info.blurb)}</p>` : null}
      ${noCatalog === info.rules ? html`<div class="warn" id="needs-catalog"><p>No owner’s catalog is entered for ${info.title} yet: the values printed on your copy of the game that its rulebook does not give. Enter or import it before you start; if ${info.title} cannot start without it, “Start the game” says so.</p>
        <a class="btn" href=${'#/catalog/' + info.rules}>Enter or import the catalog</a>
        ${info.practice ? html`<button class="big" id="load-practice" onClick=${async () => {
          // Offered only while no catalog is saved: nothing of the owner's is replaced.
          setPracticeErr(null);
          try { await loadPracticeCatalog(info.rules); setNoCatalog(''); toast('Loaded the practice catalog: made-up values, every name says “Practice”.', 'ok'); } catch (e) { setPracticeErr(e); }
        }}>${PRACTICE_LABEL}</button><${ErrorBox} err=${practiceErr} />` : null}</div>` : null}
      <h2>Players, in seating order (clockwise)</h2>
      <div class="players">
        ${rows.map((r, i) => html`<div class="playerrow" key=${r.key}>
          <span class="seat">Seat ${i + 1}</span>
          <input class="pname" placeholder="Name" maxlength="24" autocomplete="off" aria-label=${'Name of seat ' + (i + 1)}
            onInput=${(e) => { const v = e.currentTarget.value.trim(); if ((names[r.key] || '') !== v) setNames({ ...names, [r.key]: v }); }} />
          ${colours.length ? html`<select class="pcolour" aria-label=${'Colour of seat ' + (i + 1)} value=${eff[i]}
              style=${'--c:' + colourCss(info, eff[i])} aria-invalid=${clash[i] !== i || undefined}
              onChange=${(e) => pickColour(i, e.currentTarget.value)}>
            ${colours.map((c) => html`<option key=${c.id} value=${c.id}>${c.label || c.id}</option>`)}
          </select>`
          : html`<input class="pcolour" placeholder="Colour" maxlength="16" autocomplete="off" aria-label=${'Colour of seat ' + (i + 1)} />`}
          <button class="icon" title="Move up" disabled=${i === 0} onClick=${() => { const x = frozen(); [x[i - 1], x[i]] = [x[i], x[i - 1]]; setRows(x); }}>▲</button>
          <button class="icon" title="Remove" disabled=${n <= min} onClick=${() => setRows(frozen().filter((y) => y.key !== r.key))}>✕</button>
          ${clash[i] !== i ? html`<p class="error colourclash" role="alert">${sentence(who(clash[i]))} has ${labelOf(eff[i])} already: pick another colour for ${who(i)}.</p>` : null}
        </div>`)}
      </div>
      <button class="btn" onClick=${addRow} disabled=${n >= max}>+ Add a player</button>
      ${(info.options || []).length ? html`<h2>Options</h2>` : null}
      ${(info.options || []).map((o) => html`<${OptionField} key=${o.id} o=${o} players=${n} names=${rows.map((r) => names[r.key] || '')} />`)}
      <details><summary>Advanced: the setup as JSON</summary>
        <textarea id="setup-raw" rows="4" class="mono" placeholder="Optional: the whole setup JSON the rules take (replaces the form; see docs/api-engine.md)"></textarea>
      </details>
      <${ErrorBox} err=${err} />
      <button class="big primary" id="create" onClick=${create}>Start the game</button>
    </div>`;
}

/**
 * sentence starts a game's own words (its blurb, an option's help) with a
 * capital letter, as the page's other sentences do.
 * @param {string} t
 */
function sentence(t) { return t.charAt(0).toUpperCase() + t.slice(1); }

/**
 * choiceLabel is an answer as the form shows it: a choice naming a seat
 * shows the name typed for it ("Ann", never "Seat 1"), else the game's
 * plain words ("The player in seat 1").
 * @param {{label: string, seat?: number}} c
 * @param {string[]} names
 */
function choiceLabel(c, names) {
  return (c.seat !== undefined && names[c.seat]) || c.label;
}

// OptionField is one question of a game's new-game form (engine.Option):
// the question, its field, and on a line of its own what it changes.
function OptionField({ o, players, names = [] }) {
  if (o.players && o.players.length && !o.players.includes(players)) return null;
  const def = o.default;
  const dis = !!o.disabled;
  const id = 'opt-' + o.id;
  let field;
  switch (o.kind) {
    case 'bool':
      field = html`<label class="check" for=${id}><input type="checkbox" id=${id} data-option=${o.id} defaultChecked=${def === true} disabled=${dis} /> ${o.label}</label>`;
      break;
    case 'number':
      field = html`<label for=${id}>${o.label}</label> <input type="number" id=${id} data-option=${o.id} min=${o.min} max=${o.max} defaultValue=${def ?? ''} disabled=${dis} />`;
      break;
    case 'choice':
      field = html`<label for=${id}>${o.label}</label> <select id=${id} data-option=${o.id} disabled=${dis}>
        ${(o.choices || []).filter((c) => c.seat === undefined || c.seat < players).map((c) => html`<option key=${c.value} value=${c.value} selected=${def === c.value || undefined}>${choiceLabel(c, names)}</option>`)}</select>`;
      break;
    default:
      field = html`<label for=${id}>${o.label}</label> <input id=${id} data-option=${o.id} defaultValue=${def ?? ''} disabled=${dis} />`;
  }
  return html`<div class="option" data-for=${o.id}>
    ${field}
    ${o.help ? html`<p class="muted help">${sentence(o.help)}</p>` : null}
    ${dis ? html`<p class="muted help">${o.disabled}</p>` : null}
  </div>`;
}

// ---------- the table's hardware ----------

// The tower, camera, buttons and reader serve one table at a time: the one
// its host chose. A game started while they serve no table takes them (the
// group that just sat down expects its battles read), and so does one
// started on the tablet that hosts the table they serve (the same group's
// next game: the tower left on their last one did nothing for the new one,
// the drop went to the old game). One started while they serve another
// tablet's table takes nothing until its host says so.

/** claimFreeHardware points the hardware at table id if it serves none, or
 * serves a table this tablet hosts. */
async function claimFreeHardware(id) {
  try {
    const h = health || await call('GET', '/api/health');
    if (!h || !h.hardware) return;
    const cur = await call('GET', '/api/hardware');
    if (!cur.table || secrets.host(cur.table)) await call('POST', `/api/tables/${id}/hardware`, { table: id, as: 'host', body: { use: true } });
  } catch (e) { /* the table works without: the host can still choose it */ }
}

/** HardwareSwitch says whether the tower and camera serve this table, and
 * lets the host move them here (or free them). It asks which table they
 * serve when it opens and again each time the table's update stream says
 * they came or went (a "hardware" notice, news counts them): no polling. */
function HardwareSwitch({ id, news }) {
  const [served, setServed] = useState(/** @type {string|null} */ (null));
  const [err, setErr] = useState(null);
  const load = () => call('GET', '/api/hardware').then((r) => setServed(r.table || ''), () => setServed(null));
  useEffect(() => { load(); }, [id, news]);
  if (served === null || !(health && health.hardware)) return null;
  const use = async (on) => {
    setErr(null);
    try { const r = await call('POST', `/api/tables/${id}/hardware`, { table: id, as: 'host', body: { use: on } }); setServed(r.table || ''); } catch (e) { setErr(e); }
  };
  if (served === id) {
    return html`<span class="hwswitch"><span class="badge ok" id="hardware-here" title="The cube tower, the camera and the buttons serve this table">Tower & camera: here</span>
      <button class="btn" id="hardware-release" onClick=${() => use(false)}>Let another table use them</button></span>`;
  }
  return html`<span class="hwswitch"><button class="btn primary" id="hardware-use" onClick=${() => use(true)}
    title=${served ? 'They serve another table now; this moves them here' : 'They serve no table now'}>Use the tower & camera here</button>
    ${err ? html`<${ErrorBox} err=${err} />` : null}</span>`;
}

// ---------- join (phone) ----------

function JoinPage({ id, pinFromLink }) {
  const [ok, setOk] = useState(() => {
    if (pinFromLink) {
      secrets.setPin(id, pinFromLink);
      history.replaceState(null, '', `#/p/${id}`);
    }
    return !!secrets.pin(id);
  });
  const [err, setErr] = useState(null);
  const pin = useRef(/** @type {HTMLInputElement|null} */ (null));
  useEffect(() => { if (pin.current) pin.current.focus(); }, []);
  if (ok) return html`<${TablePage} id=${id} mode="player" />`;
  const go = async () => {
    secrets.setPin(id, pin.current.value.trim());
    try {
      await call('GET', `/api/tables/${id}/me`, { table: id, as: 'player' });
      setOk(true);
    } catch (e) { secrets.forgetPin(id); setErr(e); }
  };
  return html`<div class="join">
    <h1>Your private view</h1>
    <p>Type your PIN: on the host’s tablet, “Phones & PINs”, then your name (or scan the QR code it shows).</p>
    <input id="pin" ref=${pin} inputmode="numeric" autocomplete="off" maxlength="8" placeholder="PIN" onKeyDown=${(e) => { if (e.key === 'Enter') go(); }} />
    <button class="big primary" id="join" onClick=${go}>Open</button>
    <${ErrorBox} err=${err} />
  </div>`;
}

// ---------- the table ----------

// STAYS: what needs a person (a read to confirm, a count that does not
// match, a device error, a refused button) stays on screen; the rest is a
// passing message.
const STAYS = ['proposed-read', 'count-mismatch', 'device-error', 'action-refused'];

function TablePage({ id, mode }) {
  const as = mode === 'player' ? 'player' : (secrets.host(id) ? 'host' : 'public');
  // st is the page's state; draw() renders it again. Preact compares the
  // new render with the page, so a draw changes only what changed.
  const st = useRef(/** @type {any} */ ({ snap: null, me: null, at: null, atSnap: null, presence: null, log: [], error: null, gen: 0, notices: [], game: null, info: null, fatal: null, sending: 0, held: [], waiting: [], own: new Set(), phonesSeen: new Set(), queue: Promise.resolve() })).current;
  const [, setTick] = useState(0);
  const draw = () => setTick((x) => x + 1);

  const ctx = useRef(/** @type {any} */ (null));
  if (!ctx.current) {
    ctx.current = {
      get seat() { return st.me ? st.me.viewer.seat : -1; },
      get host() { return !!(st.me && st.me.host); },
      get readOnly() { return st.at !== null; },
      get camera() { return !!(health && health.camera); },
      get players() { return (st.atSnap || st.snap || {}).players || []; },
      table: id, as,
      submit: (action, extra) => submit(action, extra),
      setError(e) { st.error = e; draw(); },
      // gen counts rebuild() calls: a module's DomParts list it in their
      // deps, to be built again (e.g. a form closed once its action passed).
      get gen() { return st.gen; },
      rebuild() { st.gen++; draw(); },
      cameraSlot,
      colour: (c) => colourCss(st.info, c),
    };
  }

  // An action this screen sends is answered twice: by the HTTP response and
  // by the table's update stream, in either order. The form that sent it
  // closes when the response comes; so that the player sees the new table
  // and the form close in the same moment every time (and a tap in between
  // cannot catch a form about to close), updates arriving while an action
  // is on its way wait for its answer, and the answer waits for the update.
  //
  // A tap made while this screen's previous action is still on its way
  // (a quick second tap) waits for it, then goes on the table that action
  // made: the player saw their own first tap, so the table having moved on
  // by it alone is no reason to refuse the second as "someone else acted
  // first" (it was refused so, and with the refusal wiped by the update
  // that followed, the tap looked lost). Only another screen's action in
  // between can make it stale, and only when it changed what the tap
  // means: the server judges a tap crossing another screen's action by
  // the rules on the new table when it does there what it did on the
  // table the player saw (companion's seenEvents).
  //
  // A refusal goes to the caller; extra.shown says the caller shows it
  // beside the control that was tapped, else the banner above the table
  // shows it (never both).
  const submit = (action, extra = {}) => {
    const base = st.snap.version;
    const trip = st.queue.then(() => send(action, extra, base));
    st.queue = trip.catch(() => {});
    return trip;
  };
  // rebase is the version to send an action tapped on version base with:
  // the table's now, when only this screen's own actions came since.
  const rebase = (base) => {
    const now = st.snap ? st.snap.version : base;
    for (let v = base + 1; v <= now; v++) if (!st.own.has(v)) return base;
    return now;
  };
  const send = async (action, extra, base) => {
    st.error = null;
    const path = extra.path || `/api/tables/${id}/actions`;
    let body = extra.body || { action, baseVersion: base, key: newKey(), source: as === 'player' ? 'phone' : 'tablet' };
    if (typeof body.baseVersion === 'number') body = { ...body, baseVersion: rebase(body.baseVersion) };
    st.sending++;
    let res;
    try {
      res = await call('POST', path, { body, table: id, as });
    } catch (e) {
      await sent();
      let err = e;
      // A stale tap: the server says in the game's words what changed
      // (a tap still meaning the same on the new table is judged by the
      // rules there and never comes back stale); the table is fetched so
      // the player looks at what changed.
      if (e.status === 409 && e.code === 'stale') await refresh();
      if (!extra.shown) st.error = err;
      draw();
      throw err;
    }
    await sent();
    if (res && typeof res.version === 'number') {
      st.own.add(res.version);
      await caughtUp(res.version);
    }
    // One line for the whole action ("Ann ends her turn · Ben's turn").
    const said = ((res && res.events) || []).filter((e) => e.text).map((e) => (e.secret && e.secret.text ? e.secret.text : e.text));
    if (said.length) toast(said.join(' · '), 'ok', 'action');
    draw();
    return res;
  };
  // sent ends one action's trip: the updates held meanwhile are shown.
  const sent = async () => {
    st.sending--;
    if (st.sending > 0) return;
    const held = st.held;
    st.held = [];
    for (const u of held) await showUpdate(...u);
  };
  // caughtUp resolves once the table shows version v (the update stream
  // brings it; after 3 s without it, the table is fetched).
  const caughtUp = (v) => {
    if (!st.snap || st.snap.version >= v) return Promise.resolve();
    return new Promise((resolve) => {
      const w = { v, resolve };
      st.waiting.push(w);
      setTimeout(async () => {
        if (!st.waiting.includes(w)) return;
        st.waiting = st.waiting.filter((x) => x !== w);
        await refresh();
        resolve();
      }, 3000);
    });
  };
  const loadLog = async () => {
    try { st.log = await call('GET', `/api/tables/${id}/history`, { table: id, as }); } catch (e) { /* the view still shows */ }
  };
  const setSnap = (snap) => {
    // The same version again (a notice, a reconnection) keeps the same
    // object: the parts that depend on the table do not rebuild.
    if (!st.snap || st.snap.version !== snap.version) st.snap = snap;
  };
  // wake lets the actions waiting for the table to show them go on, once
  // it does (after its log too).
  const wake = () => {
    const v = st.snap ? st.snap.version : -1;
    const done = st.waiting.filter((w) => w.v <= v);
    st.waiting = st.waiting.filter((w) => w.v > v);
    done.forEach((w) => w.resolve());
  };
  const refresh = async () => {
    try {
      setSnap(await call('GET', `/api/tables/${id}`, { table: id, as }));
      await loadLog();
      // Camera reads still waiting (after a reload of the page).
      const reads = await call('GET', `/api/tables/${id}/reads`, { table: id, as });
      for (const r of reads) {
        if (!st.notices.some((n) => n.read && n.read.id === r.id)) st.notices.push({ kind: 'proposed-read', text: r.said || `The camera read ${r.cubes} ${r.cubes === 1 ? 'cube' : 'cubes'}: confirm or correct the read.`, read: r });
      }
    } catch (e) { st.error = e; }
    draw();
    wake();
  };
  const addNotice = (n) => {
    if (n.kind === 'hardware') {
      // The tower and camera came or went: the host's switch asks again.
      st.hwNews = (st.hwNews || 0) + 1;
      toast(n.text);
      return;
    }
    if (n.kind === 'read-resolved') {
      st.notices = st.notices.filter((x) => !(x.read && n.read && x.read.id === n.read.id));
      toast(n.text, 'ok');
      return;
    }
    if (STAYS.includes(n.kind)) {
      // The same read again (the tower's count came after the camera's
      // read): the newer one takes its place.
      // A newer read answering the same step replaces the older one too.
      const same = n.read ? st.notices.findIndex((x) => x.kind === n.kind && x.read && (x.read.id === n.read.id || (n.read.expect && x.read.expect === n.read.expect))) : -1;
      if (same >= 0) { st.notices[same] = n; return; }
      st.notices.push(n);
      st.notices = st.notices.slice(-4);
    } else if (n.text) toast(n.text);
  };

  useEffect(() => {
    let live = null;
    let gone = false;
    (async () => {
      try {
        st.me = await call('GET', `/api/tables/${id}/me`, { table: id, as });
      } catch (e) {
        if (as === 'player') secrets.forgetPin(id);
        st.fatal = e; draw();
        return;
      }
      await refresh();
      if (gone) return;
      const games = await rulesList().catch(() => []);
      st.info = games.find((g) => g.rules === st.snap.rules) || null;
      const m = await gameModule(st.snap.rules, st.info && st.info.module);
      st.game = m && (!m.accepts || m.accepts(st.snap.view)) ? m : generic;
      draw();
      if (gone) return;
      live = new Live({
        table: id, as,
        onStatus: setStatus,
        onPresence: (p) => {
          st.presence = p;
          // The seats whose phone was seen connected from this page: one
          // not connected now has gone away; one never seen plays here.
          for (const [seat, on] of Object.entries(p.seats || {})) if (on) st.phonesSeen.add(Number(seat));
          draw();
        },
        onView: async (snap, events, notice) => {
          if (!snap) return;
          // While this screen's own action is on its way, the update waits
          // for its answer (see submit).
          if (st.sending > 0) { st.held.push([snap, events, notice]); return; }
          await showUpdate(snap, events, notice);
        },
      });
    })();
    return () => { gone = true; if (live) live.close(); };
  }, []);
  /** showUpdate shows one update of the table's stream. */
  async function showUpdate(snap, events, notice) {
    const prev = st.snap ? st.snap.version : -1;
    const changed = snap.version !== prev;
    setSnap(snap);
    if (notice) addNotice(notice);
    if (changed) {
      // What this screen's last action did ("Ann ended the turn") is old
      // news once another screen moved the table on: at the start of the
      // next turn it read as what had just happened.
      if (!st.own.has(snap.version)) hideToast('action');
      // The banner's refusal stays: the player may be reading it. It goes
      // when they dismiss it or act again (send), never because another
      // screen acted.
      // One new action: its events come with the update, so the log
      // grows without asking the server; anything else (a catch-up,
      // an undo or a correction) reloads it.
      const plain = snap.version === prev + 1 && st.log.length === prev && !events.some((e) => /undo|correct/.test(e.type));
      if (plain) st.log = [...st.log, { version: snap.version, time: new Date().toISOString(), kind: 'action', events }];
      else await loadLog();
    }
    draw();
    wake();
  }
  // The field being typed in stays where it is on the screen: when what is
  // above it grows or shrinks (the table changed, a notice came), the page
  // scrolls by as much, before the browser paints.
  const anchor = useRef(/** @type {{el: Element, top: number}|null} */ (null));
  const focused = document.activeElement;
  anchor.current = focused && focused !== document.body && focused.closest('#app') ? { el: focused, top: focused.getBoundingClientRect().top } : null;
  // After every render: the camera's one picture goes to its slot.
  useLayoutEffect(() => {
    placeCamera();
    const a = anchor.current;
    if (a && a.el.isConnected && document.activeElement === a.el) {
      const d = a.el.getBoundingClientRect().top - a.top;
      if (Math.abs(d) > 1) window.scrollBy(0, d);
    }
  });

  if (st.fatal) return html`<div class="table-page"><${ErrorBox} err=${st.fatal} /><p><a href="#/">Back to the start</a></p></div>`;
  const snap = st.atSnap || st.snap;
  const g = st.game;
  if (!snap || !g) return html`<div class="table-page"><div class="main"><p>Loading the table…</p></div></div>`;
  const view = snap.view;
  const c = ctx.current;
  const me = st.me && snap.players[st.me.viewer.seat];

  const travel = async (v) => {
    try {
      st.atSnap = await call('GET', `/api/tables/${id}?at=${v}`, { table: id, as });
      st.at = v;
    } catch (e) { st.error = e; }
    draw();
  };
  // Undo asks first, saying in words which move it takes back (the last
  // one not already taken back): a tap by mistake takes nothing.
  // It is the last entry in effect, as the server's undo takes it (one
  // whose events say nothing is still the one taken back).
  const lastMove = st.log.slice().reverse().find((e) => !e.undone && e.kind !== 'undo' && !(e.kind === 'correction' && e.target > 0));
  const lastWords = lastMove ? (lastMove.events || []).filter((ev) => ev.text).map((ev) => ev.text.replace(/\.$/, '')).join('; ') : '';
  const undo = async () => {
    st.undoAsk = false;
    try {
      await call('POST', `/api/tables/${id}/undo`, { table: id, as, body: { baseVersion: st.snap.version } });
      toast('The last action was taken back.', 'ok');
    } catch (e) { st.error = e; }
    draw();
  };

  // The camera's reads of dice go to the panel of the roll they answer
  // when it is shown; the other notices stay above the table.
  const rollPanels = st.at === null && !snap.over && as !== 'public';
  const rollIds = new Set((snap.expects || []).filter((x) => x.kind === 'dice').map((x) => x.id));
  const inPanel = (n) => rollPanels && n.kind === 'proposed-read' && n.read && n.read.input && n.read.input.kind === 'dice' && rollIds.has(n.read.expect);
  const diceReads = st.notices.filter(inPanel).map((n) => n.read);
  const notices = st.notices.filter((n) => !inPanel(n));
  return html`<div class=${'table-page ' + as}>
    <div class="topbar">
      <a class="home" href="#/" title="Start page">⚓</a>
      <div class="title">${g.title ? g.title(view, snap) : snap.rules}${snap.over ? html`<span class="badge over">Game over</span>` : null}</div>
      <${Presence} players=${snap.players} p=${st.presence} info=${st.info} seen=${st.phonesSeen} />
      ${as === 'player' && me ? html`<span class="badge me" style=${'--c:' + colourCss(st.info, me.colour)}>Private view: ${me.name}</span>` : null}
      ${as === 'host' ? html`<div class="hosttools">
        <button class="btn" id="undo" onClick=${() => { st.undoAsk = !st.undoAsk; draw(); }}>↶ Undo</button>
        <button class="btn" id="show-pins" onClick=${() => showPins(id, st.snap.players, st.info)}>Phones & PINs</button>
        <${HardwareSwitch} id=${id} news=${st.hwNews || 0} />
        <a class="btn" href=${'#/calibrate/' + id}>Camera</a>
        <a class="btn" href=${'#/dice/' + id} id="dice-tray-link">Dice tray</a>
        <a class="btn" href=${`/api/tables/${id}/export?kind=json`} download="">Export</a>
      </div>` : null}
    </div>
    <div class="cols">
      <div class="main">
        ${st.at !== null ? html`<div class="timetravel" id="timetravel">You are looking at the table as it was at move ${st.at}.
          <button class="btn" onClick=${() => { st.at = null; st.atSnap = null; draw(); }}>Back to now</button></div>` : null}
        ${st.undoAsk && as === 'host' ? html`<div class="undoask" id="undo-confirm" role="alertdialog">
          ${lastMove ? html`<p>${lastWords ? `Take back: ${lastWords}?` : 'Take back the last move?'}</p>
            <div class="row"><button class="btn primary" id="undo-yes" onClick=${undo}>Yes, take it back</button>
            <button class="btn" id="undo-no" onClick=${() => { st.undoAsk = false; draw(); }}>No, keep it</button></div>`
          : html`<p>There is no move to take back.</p><button class="btn" id="undo-no" onClick=${() => { st.undoAsk = false; draw(); }}>Close</button>`}
        </div>` : null}
        <${ErrorBox} err=${st.error} onDismiss=${() => { st.error = null; draw(); }} />
        ${notices.length ? html`<section class="notices">${notices.map((n) => html`<${Notice} key=${n.read ? 'read:' + n.read.id : n.kind + ':' + n.text} n=${n} st=${st} g=${g} ctx=${c} draw=${draw} />`)}</section>` : null}
        ${snap.version === 0 && st.at === null && g.SetupGuide ? html`<${g.SetupGuide} view=${view} snap=${snap} ctx=${c} />` : null}
        ${snap.over && g.EndScreen ? html`<${g.EndScreen} view=${view} snap=${snap} ctx=${st.at === null ? c : null} />` : null}
        <${g.Table} view=${view} snap=${snap} ctx=${c} />
      </div>
      <aside class="side">
        ${rollPanels ? html`<${Expects} expects=${snap.expects} ctx=${c} reads=${diceReads} version=${snap.version} held=${g.rollsHeld ? g.rollsHeld(view, c.seat) : ''} />` : null}
        ${st.at === null && !snap.over && as !== 'public' ? html`<section class="actions"><h2>Act</h2><${g.Actions} view=${view} snap=${snap} ctx=${c} /></section>` : null}
        ${st.at === null && !snap.over && as === 'public' ? html`<section class="actions" id="watching"><p class="muted">This screen watches the table: players act on the host tablet or on their phones.</p></section>` : null}
        <${Log} log=${st.log} at=${st.at} seat=${c.seat} travel=${travel} />
      </aside>
    </div>
  </div>`;
}

// Expects is what the game waits for on the table now (engine.Expect):
// cubes to drop say what to drop; a roll is the roll panel (RollPanel).
// reads are the camera's proposed reads of dice, shown in the panel of the
// roll they answer. held, when a game says so (its rollsHeld), is why no
// roll can be entered yet: it is said in place of the roll boxes, which
// offered a roll the rules then refused.
function Expects({ expects, ctx, reads, version, held }) {
  if (!expects || !expects.length) return null;
  if (held) return html`<section class="expects" id="expects"><h2>The table waits for</h2><p class="warn" id="rolls-held">${held}</p></section>`;
  return html`<section class="expects" id="expects"><h2>The table waits for</h2>
    ${expects.map((x) => html`<${ExpectBox} key=${x.kind + ':' + x.id} x=${x} ctx=${ctx} version=${version} read=${(reads || []).find((r) => r.expect === x.id) || null} />`)}
  </section>`;
}

function ExpectBox({ x, ctx, read, version }) {
  if (x.kind !== 'dice') return html`<div class="expect" data-expect=${x.id}><p class="say">${x.say}</p></div>`;
  return html`<${RollPanel} x=${x} ctx=${ctx} read=${read} version=${version} />`;
}

/**
 * rollWords says what to roll in plain words: how many dice, their colour,
 * and on which side of the tray.
 * @param {any} x an Expect of kind "dice"
 */
function rollWords(x) {
  const groups = x.dice || [];
  const n = groups.reduce((a, d) => a + (d.count || 1), 0);
  // A die named by a word is named by its colour ("white"); an id such as
  // "d6" is left out.
  const name = (d) => (/^[a-z]+$/i.test(d.die) ? d.die + ' ' : '');
  const what = groups.length > 1
    ? groups.map((d) => `${d.count} ${name(d)}${d.count === 1 ? 'die' : 'dice'}`).join(' and ')
    : `${n} ${groups.length ? name(groups[0]) : ''}${n === 1 ? 'die' : 'dice'}`;
  const zone = groups.length && groups[0].zone ? groups[0].zone : '';
  return `Roll ${what}${zone ? ` on the ${zone} side of the tray` : ''}`;
}

/**
 * RollPanel is one roll the game waits for: what to roll and why; the
 * camera's read of the tray when it has one (the faces it saw, its picture
 * with the read drawn on it, one tap to confirm); the faces to tap (or
 * type), which answer the roll or correct the camera's read; and the
 * game's digital dice. A refusal shows in the panel.
 */
function RollPanel({ x, ctx, read, version }) {
  const faces = useRef(/** @type {HTMLInputElement|null} */ (null));
  const [err, setErr] = useState(/** @type {any} */ (null));
  const n = (x.dice || []).reduce((a, d) => a + (d.count || 1), 0);
  /** @type {string[]} the faces a die of this roll shows, each once */
  const labels = [];
  for (const d of x.dice || []) for (const f of d.faces && d.faces.length ? d.faces : ['1', '2', '3', '4', '5', '6']) if (!labels.includes(f)) labels.push(f);
  const typed = () => (faces.current ? faces.current.value.split(/[\s,]+/).filter(Boolean) : []);
  const seen = read && read.input ? read.input.dice || [] : [];
  const unread = read && read.input ? read.input.unreadable || 0 : 0;
  // A die the camera misread is corrected by tapping it, then the face it
  // shows: the other dice keep the camera's faces (fixed is the read as
  // corrected so far, for this read only; pick the die tapped).
  const [fix, setFix] = useState(/** @type {{read: string, faces: string[]}|null} */ (null));
  const [pick, setPick] = useState(-1);
  const [note, setNote] = useState('');
  const fixed = read && fix && fix.read === read.id ? fix.faces : null;
  const shownFaces = fixed || seen.map((d) => String(d.face));
  // Once a die is corrected, Confirm (which keeps the camera's faces) goes:
  // only "Correct the read" sends the faces the table shows.
  const changed = !!fixed && fixed.some((f, i) => f !== String(seen[i].face));
  const tap = (f) => {
    const el = faces.current;
    if (!el) return;
    if (read && pick >= 0 && pick < shownFaces.length) {
      const next = shownFaces.slice();
      next[pick] = f;
      setFix({ read: read.id, faces: next });
      setPick(-1);
      setNote('');
      el.value = next.join(', ');
      return;
    }
    const now = typed();
    if (now.length >= n) {
      // A tap that changes nothing says why instead of doing nothing.
      setNote(`All ${n} ${n === 1 ? 'die is' : 'dice are'} tapped in: ${read && seen.length ? 'tap a die the camera saw to change it, or ' : ''}Clear to start again.`);
      return;
    }
    setNote('');
    el.value = [...now, f].join(', ');
  };
  const act = async (p) => { setErr(null); try { await p; } catch (e) { setErr(e); } };
  const seat = ctx.seat >= 0 ? ctx.seat : -1;
  const roll = (digital) => {
    /** @type {any} */
    const a = { type: 'roll', seat, request: x.id };
    if (digital) a.digital = true;
    else a.faces = typed();
    if (!digital && read) {
      // The camera read this roll: the tapped faces correct its read (kept
      // in the log as a correction of the camera).
      return act(ctx.submit(null, { path: `/api/tables/${ctx.table}/reads/${read.id}/correct`, body: { action: a, baseVersion: version, reason: 'the faces were tapped on the tablet', source: 'tablet' }, shown: true }));
    }
    return act(ctx.submit(a, { shown: true }));
  };
  const confirm = () => act(ctx.submit(null, { path: `/api/tables/${ctx.table}/reads/${read.id}/confirm`, body: { baseVersion: version }, shown: true }));
  const dismiss = () => act(call('POST', `/api/tables/${ctx.table}/reads/${read.id}/dismiss`, { table: ctx.table, as: ctx.as }));
  return html`<div class="expect dice" data-expect=${x.id}>
    <p class="say"><strong>${rollWords(x)}</strong>${x.why ? html`<span class="why">: ${x.why}</span>` : null}</p>
    ${read ? html`<div class="camread" id=${'camread-' + x.id} data-read=${read.id}>
      <p>The camera sees: ${seen.length ? shownFaces.map((f, i) => html`<button key=${i} class=${'btn dieface' + (pick === i ? ' picked' : '') + (fixed && fixed[i] !== String(seen[i].face) ? ' fixed' : '')} data-die=${i}
          aria-pressed=${pick === i ? 'true' : 'false'} title=${fixed && fixed[i] !== String(seen[i].face) ? `corrected: the camera read ${seen[i].face}` : 'tap to correct this die'}
          onClick=${() => { setPick(pick === i ? -1 : i); setNote(''); }}>${f}</button>`) : html`<span class="muted">no dice</span>`}
        ${unread ? html`<span class="warn"> ${unread} ${unread === 1 ? 'die' : 'dice'} could not be read: roll ${unread === 1 ? 'it' : 'them'} again or tap the faces</span>` : null}</p>
      ${ctx.camera ? html`<img class="dice-overlay" alt="the dice tray as the camera read it" src=${'/api/camera.jpg?read=' + encodeURIComponent(read.id)} />` : null}
      <div class="row">
        ${unread || changed ? null : html`<button class="big primary" data-act="confirm-roll" onClick=${confirm}>Confirm: these are the dice</button>`}
        <button class="btn" data-act="dismiss-roll" onClick=${dismiss}>Not this one</button>
      </div>
    </div>` : null}
    <p class=${'tapsay' + (pick >= 0 ? ' warn' : ' muted')}>${pick >= 0 ? `Tap what this die shows (the camera read ${shownFaces[pick]}):`
      : read && seen.length ? 'Wrong? Tap the die the camera misread, then what it shows; or tap all the faces:'
        : read ? 'Tap the faces the dice show:' : `Tap what ${n === 1 ? 'the die shows' : `the ${n} dice show`}:`}</p>
    <div class="facebtns">${labels.map((f) => html`<button key=${f} class="btn face" data-face=${f} onClick=${() => tap(f)}>${f}</button>`)}</div>
    <div class="row">
      <input class="faces" ref=${faces} aria-label=${n === 1 ? 'what the die shows' : `what the ${n} dice show`} placeholder=${n === 1 ? 'e.g. ' + labels[0] : 'e.g. ' + labels.slice(0, 2).join(', ')} autocomplete="off" />
      <button class="btn" data-act="clear-faces" onClick=${() => { if (faces.current) faces.current.value = ''; setFix(null); setPick(-1); setNote(''); }}>Clear</button>
    </div>
    ${note ? html`<p class="warn" id=${'rollnote-' + x.id} role="status">${note}</p>` : null}
    <div class="row">
      <button class="btn primary" data-act="enter-roll" onClick=${() => roll(false)}>${read ? 'Correct the read' : 'Enter the roll'}</button>
      <button class="btn" data-act="digital-roll" onClick=${() => roll(true)}>Roll for us</button>
    </div>
    <${ErrorBox} err=${err} />
  </div>`;
}

/**
 * Presence is the header's chips: the screens showing the table, and each
 * player's phone. A player whose phone never joined plays on the tablet:
 * the chip says so plainly (it said "phone: off", which read like a
 * fault); a phone that was connected and is not now says "away".
 * seen is the seats whose phone this page saw connected.
 */
function Presence({ players, p, info, seen }) {
  if (!p) return null;
  const chip = (pl) => {
    if (p.seats[pl.seat]) return ['on', 'phone connected', `${pl.name}’s phone ✓`];
    if (seen && seen.has(pl.seat)) return ['off', 'the phone was connected and is not now', `${pl.name}’s phone: away`];
    return ['here', 'no phone joined: plays on the tablet', `${pl.name} · tablet`];
  };
  return html`<div class="presence" id="presence">
    <span class="chip tablet" title="screens showing the table">screens: ${p.public}</span>
    ${players.map((pl) => {
      const [cls, title, words] = chip(pl);
      return html`<span key=${pl.seat} class=${'chip phone ' + cls} data-seat=${pl.seat} style=${'--c:' + colourCss(info, pl.colour)} title=${title}>${words}</span>`;
    })}
  </div>`;
}

// Log is the game so far, newest first, each entry keyed by its version:
// a new entry adds one row and leaves the others (and the scroll) alone.
function Log({ log, at, seat, travel }) {
  const entries = log.slice().reverse();
  return html`<section class="log" id="log">
    <h2>The game so far</h2>
    ${entries.length ? null : html`<p class="muted">Nothing has happened yet.</p>`}
    <ol>${entries.map((e) => html`<li key=${e.version + (e.undone ? 'u' : '')} class=${(e.undone ? 'undone ' : '') + e.kind + (at === e.version ? ' at' : '')} data-version=${e.version}>
      <button class="ver" title="See the table as it was after this" onClick=${() => travel(e.version)}>${e.version}</button>
      <div class="sentences">
        ${(e.events || []).filter((ev) => ev.text).map((ev, i) => html`<div key=${i}>${ev.secret && ev.secret.text && ev.seat === seat ? ev.secret.text : ev.text}</div>`)}
        ${e.correction ? html`<div class="corr">Corrected: ${e.correction}</div>` : null}
        ${e.undone ? html`<div class="muted">taken back</div>` : null}
      </div>
      <span class="time">${fmtTime(e.time)}</span>
    </li>`)}</ol>
  </section>`;
}

// Notice is one message that needs a person. A proposed read shows what was
// seen, Confirm, and a correction (the game module's, or the action as JSON).
function Notice({ n, st, g, ctx, draw }) {
  const drop = () => { st.notices = st.notices.filter((x) => x !== n); draw(); };
  return html`<div class=${'notice ' + n.kind}>
    <strong>${n.text || n.kind}</strong>
    ${n.kind !== 'proposed-read' ? html`<button class="icon dismiss" title="Dismiss" onClick=${drop}>✕</button>` : null}
    ${n.kind === 'proposed-read' && n.read ? html`<${ReadPrompt} read=${n.read} st=${st} g=${g} ctx=${ctx} done=${drop} />` : null}
  </div>`;
}

function ReadPrompt({ read, st, g, ctx, done }) {
  const fix = useRef(/** @type {any} */ (null));
  const reason = useRef(/** @type {HTMLInputElement|null} */ (null));
  const id = ctx.table;
  const confirm = async () => {
    try { await ctx.submit(null, { path: `/api/tables/${id}/reads/${read.id}/confirm`, body: { baseVersion: st.snap.version } }); done(); } catch { /* shown in the banner */ }
  };
  // Dismiss: the read was of nothing that counts (a hand in the picture, a
  // cube knocked over); the game does not change.
  const dismiss = async () => {
    try { await call('POST', `/api/tables/${id}/reads/${read.id}/dismiss`, { table: id, as: ctx.as }); done(); } catch (e) { ctx.setError(e); }
  };
  const correct = async () => {
    let action;
    try { action = fix.current.value(); } catch (e) { ctx.setError({ message: 'the corrected read does not read: ' + e.message }); return; }
    try {
      await ctx.submit(null, { path: `/api/tables/${id}/reads/${read.id}/correct`, body: { action, baseVersion: st.snap.version, reason: reason.current.value, source: 'tablet' } });
      done();
    } catch { /* shown in the banner */ }
  };
  // The summary and the correction are built once per read: a correction
  // being typed survives every update.
  return html`<div class="readprompt">
    <${DomPart} deps=${[read]} build=${() => (g.readSummary ? g.readSummary(read, st.snap) : jsonBlock(read.action))} />
    <div class="row">
      <button class="big primary" id="confirm-read" onClick=${confirm}>Confirm the read</button>
      <button class="btn" data-act="dismiss-read" onClick=${dismiss}>Not this one</button>
    </div>
    <details><summary>Correct by hand</summary>
      <${DomPart} deps=${[read]} build=${() => { fix.current = g.readCorrection ? g.readCorrection(read, st.snap) : jsonCorrection(read.action); return fix.current.el; }} />
      <input placeholder="What did the camera get wrong?" id="read-reason" ref=${reason} />
      <button class="btn" id="correct-read" onClick=${correct}>Apply the correction</button>
    </details>
  </div>`;
}

function jsonBlock(v) {
  const pre = document.createElement('pre');
  pre.className = 'mono';
  pre.textContent = JSON.stringify(v, null, 1);
  return pre;
}

// jsonCorrection is the correction of a read for a game without its own:
// the action as JSON.
function jsonCorrection(action) {
  const area = document.createElement('textarea');
  area.rows = 4;
  area.className = 'mono';
  area.value = JSON.stringify(action, null, 1);
  return { el: area, value: () => JSON.parse(area.value) };
}

// showPins opens the phones' links and PINs. The dialog is plain DOM on the
// body, outside the page's render: closing it touches nothing else.
function showPins(id, players, info) {
  const hs = secrets.host(id);
  const base = `${location.origin}${location.pathname}#/p/${id}?pin=`;
  const dlg = document.createElement('div');
  dlg.className = 'modal';
  dlg.id = 'pins';
  // Leaving the table closes it too: a PIN left open over the next page
  // (the Devices page, the start page) is a PIN shown to everyone.
  const close = () => { dlg.remove(); window.removeEventListener('hashchange', close); };
  window.addEventListener('hashchange', close);
  dlg.addEventListener('click', (e) => { if (e.target === dlg) close(); });
  render(html`<${PinCard} players=${players} info=${info} hs=${hs} base=${base} close=${close} />`, dlg);
  document.body.append(dlg);
}

// PinCard shows the phones' PINs one player at a time: the tablet lies in
// the middle of the table, so only the player whose name was tapped sees
// their code, and it is hidden again before the next one comes.
function PinCard({ players, info, hs, base, close }) {
  const [seat, setSeat] = useState(-1);
  const p = (players || []).find((x) => x.seat === seat);
  const pin = p && hs && hs.pins ? hs.pins[p.seat] : null;
  return html`<div class="card">
    <h2>Private views for the phones</h2>
    ${p ? html`<div class="pins"><div class="pin" id="pin-shown" data-seat=${p.seat} style=${'--c:' + colourCss(info, p.colour)}>
        <div class="pname">${p.name}</div>
        ${pin ? html`<img class="qr" alt=${'QR code for ' + p.name} src=${'/api/qr.svg?text=' + encodeURIComponent(base + pin)} />` : null}
        <div class="pinno">${pin ? `PIN ${pin}` : 'PIN not kept on this tablet'}</div>
      </div></div>
      <p>${p.name}: scan the code (or open this table on your phone and type the PIN), then hide it.</p>
      <button class="big primary" id="pin-hide" onClick=${() => setSeat(-1)}>Hide ${p.name}’s code</button>`
    : html`<p>Tap your name to see your code; the others look away.</p>
      <div class="row pinwho">${(players || []).map((x) => html`<button key=${x.seat} class="big" data-seat=${x.seat} style=${'--c:' + colourCss(info, x.colour)} onClick=${() => setSeat(x.seat)}>${x.name}</button>`)}</div>`}
    <button class="big" id="pins-close" onClick=${close}>Close</button>
  </div>`;
}

// ---------- just score ----------

function ScorePage({ rules }) {
  const [m, setM] = useState(/** @type {any} */ (null));
  const [err, setErr] = useState(null);
  useEffect(() => {
    rulesList().then(async (gs) => {
      const info = rules ? gs.find((g) => g.rules === rules) : gs.find((g) => g.hasCalculator);
      if (!info) { setErr({ message: 'no game here has a score calculator' }); return; }
      const mod = await gameModule(info.rules, info.module);
      if (!mod || !mod.Score) { setErr({ message: `${info.title} has no score page yet` }); return; }
      setM(mod);
    }).catch(setErr);
  }, [rules]);
  if (err) return html`<${ErrorBox} err=${err} />`;
  if (!m) return html`<p>Loading…</p>`;
  return html`<${m.Score} />`;
}

// ---------- rules help ----------

function HelpPage({ q }) {
  const [notes, setNotes] = useState(/** @type {any[]|null} */ (null));
  const [err, setErr] = useState(null);
  const input = useRef(/** @type {HTMLInputElement|null} */ (null));
  const timer = useRef(0);
  const search = async () => {
    try {
      const games = (await rulesList()).filter((g) => g.hasHelp);
      const all = [];
      for (const g of games) for (const n of await helpNotes(g, input.current.value)) all.push({ ...n, game: g.title, key: g.rules + '/' + n.id });
      setNotes(all); setErr(null);
    } catch (e) { setErr(e); }
  };
  useEffect(() => { input.current.focus(); search(); }, []);
  const cite = (n) => (n.pages && n.pages.length ? 'rulebook p. ' + n.pages.join(', ') : n.page ? 'rulebook p. ' + n.page : n.section ? 'rulebook: ' + n.section : '');
  return html`<h1>Rules help</h1>
    <p class="muted">Short notes in our own words; the page is the printed rulebook’s.</p>
    <input id="help-q" type="search" ref=${input} defaultValue=${q} placeholder="a word from the rules, e.g. explore"
      onInput=${() => { clearTimeout(timer.current); timer.current = setTimeout(search, 200); }} />
    <div class="notes">
      ${err ? html`<${ErrorBox} err=${err} />` : !notes ? null : !notes.length ? html`<p class="muted">No note matches. Try a shorter word.</p>`
        : notes.map((n) => html`<article key=${n.key} class="note" id=${'note-' + n.id}>
            <h3>${n.title}<span class="page">${cite(n)}</span></h3><p>${n.text}</p></article>`)}
    </div>`;
}

render(html`<${App} />`, /** @type {HTMLElement} */ (document.getElementById('app')));
