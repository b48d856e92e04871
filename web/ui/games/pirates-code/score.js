// @ts-check
// score.js: The Pirate's Code's "just score" page (#/score/pirates-code).
// A group that played without the companion types each pirate's end count
// (treasures buried, legend level, gold, booty aboard); the engine's
// calculator (POST /api/rules/pirates-code/score) checks it and says who
// won and why (rulebook p. 16). The rules stay in the engine: this page
// only asks and shows. A refused count is shown under the button, in the
// pirate's name, and its box is marked.

import { html, useState, useEffect, useRef, ErrorBox } from '../../js/view.js';
import { call } from '../../js/api.js';

/** @typedef {import('./types.gen.js').PCEndResult} EndResult */
/** @typedef {import('./types.gen.js').PCEndLine} EndLine */

const URL_SCORE = '/api/rules/pirates-code/score';

// The counts asked, as the page words them (the calculator's fields).
/** @type {Array<[string, string, number, number, string]>} id, label, min, max, hint */
const FIELDS = [
  ['treasures', 'Treasures', 0, 3, 'buried, 0 to 3'],
  ['legend', 'Legend level', 1, 99, 'the bottom space is 1'],
  ['gold', 'Gold', 0, 13, 'the gold track, 0 to 13'],
  ['booty', 'Booty aboard', 0, 3, 'cubes on the ship, 0 to 3'],
];
/** @type {Record<string, string>} */
const LABELS = { treasures: 'treasures buried', legend: 'legend level', gold: 'gold', booty: 'booty aboard' };

const AUTOMA = 'The Legendary Pirate';

let seq = 0;
/** @returns {any} an empty pirate row */
const blank = () => ({ key: ++seq, name: '', treasures: '', legend: '', gold: '', booty: '' });

/**
 * fieldWords turns the calculator's JSON path into the pirate's name and
 * the count's words ("players[1].gold: 14 is impossible" → "Ben's gold:
 * 14 is impossible") and gives the box to mark.
 * @param {string} msg
 * @param {string[]} names
 * @returns {{text: string, at: string}}
 */
function fieldWords(msg, names) {
  let at = '';
  const text = msg.replace(/players\[(\d+)\](?:\.(\w+))?/, (_, i, f) => {
    const who = names[Number(i)] || `Pirate ${Number(i) + 1}`;
    at = `${i}:${f || 'name'}`;
    return f === 'name' ? `${who}'s name` : f ? `${who}'s ${LABELS[f] || f}` : who;
  }).replace(/^players: /, '');
  return { text, at };
}

/** Score is the page. */
export function Score() {
  const [rows, setRows] = useState(() => [blank(), blank()]);
  const [solo, setSolo] = useState(false);
  const [lp, setLp] = useState('');
  const [track, setTrack] = useState(/** @type {any[]|null} */ (null));
  const [res, setRes] = useState(/** @type {EndResult|null} */ (null));
  const [err, setErr] = useState(/** @type {any} */ (null));
  const [bad, setBad] = useState('');
  const out = useRef(/** @type {HTMLElement|null} */ (null));

  // The owner's catalog, when entered, gives the legend track: its top
  // and its levels' printed names.
  useEffect(() => {
    call('GET', '/api/rules/pirates-code/catalog').then((c) => {
      const l = c && c.catalog && c.catalog.legend;
      if (Array.isArray(l) && l.length >= 2) setTrack(l);
    }).catch(() => {});
  }, []);
  useEffect(() => { if ((res || err) && out.current) out.current.scrollIntoView({ behavior: 'smooth', block: 'nearest' }); }, [res, err]);

  const shown = solo ? rows.slice(0, 1) : rows;
  /** @param {number} i @param {string} f @param {string} v */
  const set = (i, f, v) => { setRows(rows.map((r, j) => (j === i ? { ...r, [f]: v } : r))); setBad(''); };
  /** @param {string} v */
  const num = (v) => (String(v).trim() === '' ? null : Number(v));

  const go = async () => {
    const players = shown.map((r) => ({ name: r.name.trim(), treasures: num(r.treasures), legend: num(r.legend), gold: num(r.gold), booty: num(r.booty) }));
    if (solo) players.push(/** @type {any} */ ({ name: AUTOMA, automa: true, treasures: num(lp) }));
    // A count left empty is sent as missing, so the refusal names it.
    const body = { players: players.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null))) };
    try {
      setRes(await call('POST', URL_SCORE, { body }));
      setErr(null); setBad('');
    } catch (e) {
      const { text, at } = fieldWords(e.message || String(e), players.map((p) => p.name || ''));
      setErr({ ...e, message: text }); setBad(at); setRes(null);
    }
  };

  const legendHint = track ? `1 (${track[0].name}) to ${track.length} (${track[track.length - 1].name})` : 'the bottom space is 1';
  /** @param {any} r @param {number} i */
  const card = (r, i) => html`<div key=${r.key} class="jscore-player" role="group" aria-label=${r.name || `Pirate ${i + 1}`} data-row=${i}>
    <div class="jscore-head">
      <input class="pname" placeholder="Name" aria-label="Name" value=${r.name} aria-invalid=${bad === `${i}:name`} onInput=${(/** @type {any} */ e) => set(i, 'name', e.target.value)} />
      ${!solo && rows.length > 2 ? html`<button class="icon" title="Remove" aria-label=${'Remove ' + (r.name || `pirate ${i + 1}`)} onClick=${() => setRows(rows.filter((_, j) => j !== i))}>✕</button>` : null}
    </div>
    <div class="jscore-nums">${FIELDS.map(([f, label, min, max, hint]) => html`<label key=${f}><span>${label}</span>
      <input type="number" inputmode="numeric" data-f=${f} min=${min} max=${f === 'legend' && track ? track.length : max} value=${r[f]} aria-invalid=${bad === `${i}:${f}`}
        onInput=${(/** @type {any} */ e) => set(i, f, e.target.value)} />
      <span class="hint">${f === 'legend' ? legendHint : hint}</span></label>`)}</div>
  </div>`;

  return html`<section class="jscore" id="pc-score">
    <h1>Just score: The Pirate's Code</h1>
    <p class="muted">For a game played without the companion: count each pirate's end at the table, type it in, and see who won and why (rulebook p. 16, End of Game).</p>
    <label class="check"><input type="checkbox" id="pcs-solo" checked=${solo} onChange=${(/** @type {any} */ e) => { setSolo(e.target.checked); setRes(null); setErr(null); }} /> A solo game against the Legendary Pirate</label>
    <div class="jscore-players">
      ${shown.map(card)}
      ${solo ? html`<div class="jscore-player" role="group" aria-label=${AUTOMA} data-row="1">
        <div class="jscore-head"><span class="who">${AUTOMA}</span></div>
        <div class="jscore-nums"><label><span>Treasures</span>
          <input type="number" inputmode="numeric" id="pcs-lp" min="0" max="3" value=${lp} aria-invalid=${bad === '1:treasures'} onInput=${(/** @type {any} */ e) => { setLp(e.target.value); setBad(''); }} />
          <span class="hint">buried, 0 to 3; the first to bury 3 wins at once</span></label></div>
      </div>` : null}
    </div>
    <div class="row">
      ${!solo && rows.length < 4 ? html`<button class="btn" id="pcs-add" onClick=${() => setRows([...rows, blank()])}>+ Pirate</button>` : null}
      <button class="big primary" id="pcs-go" onClick=${go}>Who won?</button>
    </div>
    <div ref=${out}>
      ${err ? html`<${ErrorBox} err=${err} />` : null}
      ${res ? html`<${Result} res=${res} />` : null}
    </div>
  </section>`;
}

/** @param {{res: EndResult}} p the calculator's answer */
function Result({ res }) {
  const head = res.shared ? `${res.winners.join(' and ')} share the victory` : `${res.winners[0]} wins`;
  const cite = res.page ? `rulebook p. ${res.page}, ${res.section}` : `rulebook: ${res.section}`;
  return html`<section class="jscore-result" id="pcs-result">
    <h2 class="winner" id="pcs-winner">${head}</h2>
    <p class="why" id="pcs-why">${res.reason}</p>
    <p class="muted">${cite}</p>
    ${(res.notes || []).map((/** @type {string} */ n) => html`<p key=${n} class="warn">${n}</p>`)}
    <table class="jscore-table" id="pcs-table">
      <tr><th>Pirate</th><th>Treasures</th><th>Legend</th><th>Gold</th><th>Booty</th></tr>
      ${res.players.map((/** @type {EndLine} */ p) => html`<tr key=${p.name} class=${p.winner ? 'won' : ''}>
        <td>${p.winner ? '★ ' : ''}${p.name}</td><td>${p.treasures}</td>
        <td>${p.automa ? '–' : p.legendName ? html`<span title=${p.legendName}>${p.legend}</span>` : p.legend}</td>
        <td>${p.automa ? '–' : p.gold}</td><td>${p.automa ? '–' : p.booty}</td></tr>`)}
    </table>
  </section>`;
}
