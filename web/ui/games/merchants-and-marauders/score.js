// @ts-check
// score.js: Merchants & Marauders' "just score" page
// (#/score/merchants-and-marauders). A group that played without the
// companion types how the game ended and each captain's glory points on
// the track and gold in the stash; the engine's calculator (POST
// /api/rules/merchants-and-marauders/score) counts the stash's points,
// checks the count and says who won and why (the summary's Winning). The
// rules stay in the engine: this page only asks and shows. A refused count
// is shown under the button, in the player's name, and its box is marked.

import { html, useState, useEffect, useRef, ErrorBox } from '../../js/view.js';
import { call } from '../../js/api.js';

/** @typedef {import('./types.gen.js').MMEndResult} EndResult */
/** @typedef {import('./types.gen.js').MMEndLine} EndLine */

const URL_SCORE = '/api/rules/merchants-and-marauders/score';

/** @type {Array<[string, string, number, number|undefined, string]>} id, label, min, max, hint */
const FIELDS = [
  // Past 10 too: a captain may pass it in the turn that reaches it, and the
  // others in the last round (rulebook: Winning); 10 was refused an 11.
  ['glory', 'Glory on the track', 0, 20, '0 to 20'],
  ['stash', 'Gold in the stash', 0, undefined, 'the chest; 0 if none'],
];
/** @type {Record<string, string>} */
const LABELS = { glory: 'glory on the track', stash: 'stash' };

let seq = 0;
/** @returns {any} an empty player row */
const blank = () => ({ key: ++seq, name: '', glory: '', stash: '' });

/**
 * fieldWords turns the calculator's JSON path into the player's name and
 * the count's words ("players[1].stash: -5 is impossible" → "Ben's stash:
 * -5 is impossible") and gives the box to mark.
 * @param {string} msg
 * @param {string[]} names
 * @returns {{text: string, at: string}}
 */
function fieldWords(msg, names) {
  let at = '';
  const text = msg.replace(/players\[(\d+)\](?:\.(\w+))?/, (_, i, f) => {
    const who = names[Number(i)] || `Player ${Number(i) + 1}`;
    at = `${i}:${f || 'name'}`;
    return f === 'name' ? `${who}'s name` : f ? `${who}'s ${LABELS[f] || f}` : who;
  }).replace(/^players: /, '').replace(/^end: /, 'How the game ended: ');
  return { text, at };
}

/** Score is the page. */
export function Score() {
  const [rows, setRows] = useState(() => [blank(), blank()]);
  const [end, setEnd] = useState('declared');
  const [v3, setV3] = useState(false);
  const [res, setRes] = useState(/** @type {EndResult|null} */ (null));
  const [err, setErr] = useState(/** @type {any} */ (null));
  const [bad, setBad] = useState('');
  const out = useRef(/** @type {HTMLElement|null} */ (null));
  useEffect(() => { if ((res || err) && out.current) out.current.scrollIntoView({ behavior: 'smooth', block: 'nearest' }); }, [res, err]);

  /** @param {number} i @param {string} f @param {string} v */
  const set = (i, f, v) => { setRows(rows.map((r, j) => (j === i ? { ...r, [f]: v } : r))); setBad(''); };
  /** @param {string} v */
  const num = (v) => (String(v).trim() === '' ? null : Number(v));

  const go = async () => {
    const players = rows.map((r) => ({ name: r.name.trim(), glory: num(r.glory), stash: num(r.stash) }));
    // A count left empty is sent as missing, so the refusal names it.
    const body = { end, giveMeGlory: v3, players: players.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null))) };
    try {
      setRes(await call('POST', URL_SCORE, { body }));
      setErr(null); setBad('');
    } catch (e) {
      const { text, at } = fieldWords(e.message || String(e), players.map((p) => p.name));
      setErr({ ...e, message: text }); setBad(at); setRes(null);
    }
  };

  /** @param {string} id @param {string} words */
  const endChoice = (id, words) => html`<label class="check"><input type="radio" name="mms-end" value=${id} id=${'mms-end-' + id} checked=${end === id}
    onChange=${() => { setEnd(id); setRes(null); }} /> ${words}</label>`;

  return html`<section class="jscore" id="mm-score">
    <h1>Just score: Merchants & Marauders</h1>
    <p class="muted">For a game played without the companion: count each captain's glory points and stash at the table, type them in, and see who won and why (rules summary: Winning). Every 10 gold in the stash is a glory point, at most 5.</p>
    <h2>How did the game end?</h2>
    ${endChoice('declared', 'A captain declared 10 glory points and the round was played out')}
    ${endChoice('immediate', 'At once: no event card was left, or a captain died with no captain card left')}
    <label class="check"><input type="checkbox" id="mms-v3" checked=${v3} onChange=${(/** @type {any} */ e) => { setV3(e.target.checked); setRes(null); }} /> Variant 3, Give me glory or give me death: the stash's points cost 10, 15, 20, 25 and 30 gold</label>
    <h2>Captains</h2>
    <div class="jscore-players">${rows.map((r, i) => html`<div key=${r.key} class="jscore-player" role="group" aria-label=${r.name || `Player ${i + 1}`} data-row=${i}>
      <div class="jscore-head">
        <input class="pname" placeholder="Name" aria-label="Name" value=${r.name} aria-invalid=${bad === `${i}:name`} onInput=${(/** @type {any} */ e) => set(i, 'name', e.target.value)} />
        ${rows.length > 2 ? html`<button class="icon" title="Remove" aria-label=${'Remove ' + (r.name || `player ${i + 1}`)} onClick=${() => setRows(rows.filter((_, j) => j !== i))}>✕</button>` : null}
      </div>
      <div class="jscore-nums">${FIELDS.map(([f, label, min, max, hint]) => html`<label key=${f}><span>${label}</span>
        <input type="number" inputmode="numeric" data-f=${f} min=${min} max=${max} value=${r[f]} aria-invalid=${bad === `${i}:${f}`}
          onInput=${(/** @type {any} */ e) => set(i, f, e.target.value)} />
        <span class="hint">${hint}</span></label>`)}</div>
    </div>`)}</div>
    <div class="row">
      ${rows.length < 4 ? html`<button class="btn" id="mms-add" onClick=${() => setRows([...rows, blank()])}>+ Captain</button>` : null}
      <button class="big primary" id="mms-go" onClick=${go}>Who won?</button>
    </div>
    <div ref=${out}>
      ${err ? html`<${ErrorBox} err=${err} />` : null}
      ${res ? html`<${Result} res=${res} />` : null}
    </div>
  </section>`;
}

/** @param {{res: EndResult}} p the calculator's answer */
function Result({ res }) {
  const head = res.shared ? `${res.winners.join(' and ')} share the win` : `${res.winners[0]} wins`;
  return html`<section class="jscore-result" id="mms-result">
    <h2 class="winner" id="mms-winner">${head}</h2>
    <p class="why" id="mms-why">${res.reason}</p>
    <p class="muted">${res.ended} (rules summary: ${res.section})</p>
    ${(res.notes || []).map((/** @type {string} */ n) => html`<p key=${n} class="warn">${n}</p>`)}
    <table class="jscore-table" id="mms-table">
      <tr><th>Captain</th><th>Track</th><th>Stash gold</th><th>Stash points</th><th>Total</th></tr>
      ${res.players.map((/** @type {EndLine} */ p) => html`<tr key=${p.name} class=${p.winner ? 'won' : ''}>
        <td>${p.winner ? '★ ' : ''}${p.name}</td><td>${p.glory}</td><td>${p.stash}</td><td>${p.stashPoints}</td><td>${p.total}</td></tr>`)}
    </table>
  </section>`;
}
