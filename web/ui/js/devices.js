// @ts-check
// devices.js: the Devices page (#/dev). A table owner reads what each of
// the table's devices is, whether it works now, and tries it with one
// "Test" tap; with the simulator (serve --sim) the stand-ins' controls are
// buttons named in words ("Drop 5 cubes", "Unplug"), never the simulator's
// commands (those stay under a fold for developers).

import { call, secrets, rulesList } from './api.js';
import { errorText } from './ui.js';
import { html, useState, useEffect, useRef } from './view.js';

/**
 * What each kind of device is, in a table owner's words, by the start of
 * the simulator's key.
 * @type {[RegExp, string][]}
 */
const WHAT = [
  [/^button-host$/, 'The host’s push button. A press, or a long press (held down), does what the game in play gives it.'],
  [/^button-\d+$/, 'A push button in front of a seat. A press, or a long press (held down), does what the game in play gives it.'],
  [/^drop-sensor$/, 'The light beam across the cube tower: it counts the cubes falling through, and the camera reads the board once they stop.'],
  [/^rfid$/, 'The card reader: it reads a stickered card tapped on it.'],
  [/^lights$/, 'The LED strip: the colour of the player to play, both sides’ colours in a battle, the winner’s at the end.'],
  [/^display$/, 'The small screen on the tower: it shows what just happened.'],
  [/^dice-tray$/, 'The dice tray under the camera: the camera reads the dice rolled in it.'],
];

/** @param {string} key */
function whatIs(key) {
  const w = WHAT.find(([re]) => re.test(key));
  return w ? w[1] : '';
}

/**
 * controlWords names a simulator command as a button: "drop 5" is "Drop 5
 * cubes". An unknown command gets no button (the developers' fold has it).
 * @param {string} cmd
 * @returns {string}
 */
export function controlWords(cmd) {
  const [verb, arg] = cmd.split(/\s+/, 2);
  switch (verb) {
    case 'press': return 'Press';
    case 'long-press': return 'Hold down (long press)';
    case 'plug': return 'Plug it in';
    case 'unplug': return 'Unplug it';
    case 'test': return 'Test';
    case 'roll': return 'Roll the dice the table waits for';
    // The tower counts what the table waits for when it waits for cubes
    // (else the simulator's number): the button does not promise a count.
    case 'drop': return arg ? 'Drop cubes through the tower' : '';
    case 'drop-stuck': return arg ? 'Drop cubes, the last one stuck' : '';
    case 'tap': return arg === 'next' ? 'Tap the next test card' : 'Tap test card 1';
    default: return '';
  }
}

/**
 * status says whether a device works now, and what it shows, in words.
 * @param {any} d a device of GET /api/sim
 * @returns {{ok: boolean, text: string, shows: string}}
 */
function status(d) {
  const st = String(d.state || '');
  if (st === 'unplugged') return { ok: false, text: 'Unplugged: the table works without it (the tablet does its job)', shows: '' };
  let shows = '';
  const lights = /^LED strip: (\w+)/.exec(st);
  if (lights) shows = { turn: 'the colour of the player to play', battle: 'a battle’s two sides', winner: 'the winner', off: 'nothing (off)' }[lights[1]] || '';
  const disp = /^display: (.*)$/.exec(st);
  if (disp) shows = disp[1].split(' / ').map((x) => x.trim()).filter(Boolean).join(' · ') || 'nothing yet';
  return { ok: true, text: d.key === 'dice-tray' ? 'Ready' : 'Plugged in', shows };
}

/**
 * hostedTable is the table whose host this tablet is that the devices
 * should act on: the one the tower and camera serve when this tablet hosts
 * it, else the first one it hosts ('' when it hosts none).
 * @returns {Promise<string>}
 */
async function hostedTable() {
  const mine = Object.keys(localStorage).filter((k) => k.startsWith('qm.host.')).map((k) => k.slice(8)).filter((id) => secrets.host(id));
  if (!mine.length) return '';
  try {
    const hw = await call('GET', '/api/hardware');
    if (hw && hw.table && mine.includes(hw.table)) return hw.table;
  } catch { /* no hardware: any table of this tablet's */ }
  return mine[0];
}

/**
 * servedTable names the table the tower and camera serve, in words
 * ("Quick battle · Ann, Ben"), with its id for a link; null when they serve
 * none; undefined when the server has no tower and camera to switch.
 * @returns {Promise<{id: string, words: string}|null|undefined>}
 */
async function servedTable() {
  try {
    const h = await call('GET', '/api/health');
    if (!h || !h.hardware) return undefined;
    const hw = await call('GET', '/api/hardware');
    if (!hw || !hw.table) return null;
    const [tables, games] = await Promise.all([call('GET', '/api/tables'), rulesList()]);
    const t = (tables || []).find((x) => x.id === hw.table);
    if (!t) return { id: hw.table, words: 'a table' };
    const g = (games || []).find((x) => x.rules === t.rules);
    return { id: t.id, words: `${g ? g.title : 'a game'} · ${t.players.map((p) => p.name).join(', ')}` };
  } catch { return undefined; }
}

/** DevPage lists the devices, each with what it is, its state and its controls. */
export function DevPage() {
  const [devs, setDevs] = useState(/** @type {any[]|null} */ (null));
  const [table, setTable] = useState(/** @type {string|null} */ (null));
  const [out, setOut] = useState(/** @type {{text: string, bad: boolean, key: number}[]} */ ([]));
  const [last, setLast] = useState(/** @type {Record<string, {text: string, bad: boolean, key: number}>} */ ({}));
  const [err, setErr] = useState(/** @type {any} */ (null));
  const seq = useRef(0);
  const load = () => call('GET', '/api/sim').then(setDevs, setErr);
  const [served, setServed] = useState(/** @type {{id: string, words: string}|null|undefined} */ (undefined));
  useEffect(() => { load(); hostedTable().then(setTable); servedTable().then(setServed); }, []);
  /** @param {any} d @param {string} command @param {string} words */
  const send = async (d, command, words) => {
    let line;
    const name = d.label || d.key;
    try {
      // Only a table's host may drive the devices: they act on its table.
      const r = await call('POST', `/api/sim?table=${encodeURIComponent(table || '')}`, { body: { key: d.key, command }, table: table || '' });
      // A test's answer and a drop's count are the server's words; the
      // rest says what was tapped.
      const said = command === 'test' || /^drop/.test(command) ? String(r.result || 'done') : 'done';
      line = { text: `${name}: ${command === 'test' ? '' : words + ': '}${said}.`, bad: false, key: ++seq.current };
    } catch (e) {
      // The server names the device first; the line does already.
      const said = errorText(e).replace(new RegExp('^' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + ':\\s*', 'i'), '');
      line = { text: `${name}: ${command === 'test' ? 'the test failed' : words + ' did not work'}: ${said}`, bad: true, key: ++seq.current };
    }
    setOut((o) => [line, ...o].slice(0, 20));
    // The answer also shows in the device's card, beside the button tapped.
    setLast((m) => ({ ...m, [d.key]: line }));
    load();
  };
  const ready = table !== null && devs !== null;
  return html`<h1>The table’s devices</h1>
    <p class="lead">The parts wired to the table beside the tablet: buttons, the cube tower’s sensor, the card reader, the lights, the tower’s screen and the dice tray.
      Each says whether it works; “Test” checks that it answers and changes nothing in the game.</p>
    ${err ? html`<p class="warn" id="dev-none">${err.code === 'not-available' ? 'This table has no simulated devices: the parts wired to a real table show on the host’s table page (“Tower & camera”).' : errorText(err)}</p>` : null}
    ${devs && devs.length ? html`<p class="muted" id="dev-sim">These are simulated: stand-ins for the real parts, so that you can try a game without them. What you tap here happens as if on the table.</p>` : null}
    ${devs && devs.length && served !== undefined ? html`<p id="dev-served">${served
      ? html`What you tap here acts on the game the tower and camera serve: <a class="btn" href=${'#/t/' + served.id}>${served.words}</a> For another game, open it and tap “Use the tower & camera here”.`
      : 'The tower and camera serve no game now: open yours and tap “Use the tower & camera here”.'}</p>` : null}
    ${ready && !table ? html`<div class="warn" id="dev-no-table"><p>Only the tablet that started a game can use the devices (they act on its table). Start a game on this tablet first.</p>
      <a class="btn" href="#/new">New game</a></div>` : null}
    <div class="devices">${!err && !devs ? 'Loading…' : (devs || []).map((d) => html`<${Device} key=${d.key} d=${d} send=${send} can=${!!table} last=${last[d.key]} />`)}</div>
    ${out.length ? html`<h2>What happened</h2>
      <ol class="devlog" id="devlog">${out.map((l) => html`<li key=${l.key} class=${l.bad ? 'bad' : ''}>${l.text}</li>`)}</ol>` : null}`;
}

/** Device is one device: what it is, whether it works, its buttons. */
function Device({ d, send, can, last }) {
  const cmd = useRef(/** @type {HTMLInputElement|null} */ (null));
  const s = status(d);
  const commands = (d.commands || []).filter((c) => controlWords(c));
  // "Test" first: it is what an owner checking the table taps.
  commands.sort((a, b) => (b === 'test' ? 1 : 0) - (a === 'test' ? 1 : 0));
  return html`<section class="device" data-device=${d.key}>
    <h2>${d.label || d.key}</h2>
    ${whatIs(d.key) ? html`<p class="muted what">${whatIs(d.key)}</p>` : null}
    <p class=${'devstate ' + (s.ok ? 'ok' : 'bad')}><span class=${'badge ' + (s.ok ? 'ok' : 'off')}>${s.ok ? '✓ Works' : '✕ Not connected'}</span> ${s.text}${s.shows ? html`. Shows: <strong>${s.shows}</strong>` : null}</p>
    <div class="row">
      ${commands.map((c) => html`<button key=${c} class=${'btn' + (c === 'test' ? ' primary' : '')} data-cmd=${c} disabled=${!can} onClick=${() => send(d, c, controlWords(c))}>${controlWords(c)}</button>`)}
    </div>
    ${last ? html`<p class=${'devsaid' + (last.bad ? ' bad' : '')} role="status">${last.text}</p>` : null}
    <details class="devraw"><summary>For developers: type a simulator command</summary>
      <div class="row">
        <input placeholder=${'e.g. ' + (d.commands || [])[0]} aria-label=${'Simulator command for ' + (d.label || d.key)} ref=${cmd} />
        <button class="btn" disabled=${!can} onClick=${() => cmd.current && cmd.current.value && send(d, cmd.current.value, `“${cmd.current.value}”`)}>Send</button>
      </div>
    </details>
  </section>`;
}
