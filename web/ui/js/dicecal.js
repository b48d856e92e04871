// @ts-check
// dicecal.js: the dice tray's calibration page (#/dice/ID, host only). It
// knows no game: the dice to teach come from the camera (its dice set) and
// from the table's roll requests, through POST .../calibration/dice/start.
//
// 1. The tray's floor: the live picture with its four corners, placed by
//    tapping (the corner chosen, then its place in the picture) or by
//    dragging; saved for the next reads; a test read shows the dice read.
// 2. Printed dice, face by face: "put the <die> die in the tray with <face>
//    on top, then tap Read"; each face read shows the crop of the die the
//    camera saw and can be read again. A face the camera did not learn
//    well (little print seen, two faces too alike) is marked beside it in
//    words, with "Show again"; a die touching another is refused beside
//    the Read button. Pip dice need nothing.
// While the page is open the camera sends no roll to the table; leaving it
// closes the calibration.

import { call } from './api.js';
import { html, useState, useEffect, useRef, ErrorBox } from './view.js';

/** @typedef {import('./types.gen.js').TrayCalibration} TrayCalibration */
/** @typedef {import('./types.gen.js').DieToTeach} DieToTeach */
/** @typedef {import('./types.gen.js').LearnedFace} LearnedFace */
/** @typedef {import('./types.gen.js').DiceTestRead} DiceTestRead */
/** @typedef {{x: number, y: number}} Pt */

const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

/**
 * faceName names face k of a die in words: its label, and which one when
 * the label is printed twice.
 * @param {string[]} labels
 * @param {number} k
 */
export function faceName(labels, k) {
  const l = labels[k];
  const n = labels.filter((x) => x === l).length;
  if (n < 2) return `“${l}”`;
  const nth = labels.slice(0, k + 1).filter((x) => x === l).length;
  return `“${l}” (${['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][nth - 1]} of its ${n} “${l}” faces)`;
}

/** @param {{id: string}} props */
export function DiceCalPage({ id }) {
  const [st, setSt] = useState(/** @type {TrayCalibration|null} */ (null));
  const [err, setErr] = useState(/** @type {any} */ (null));
  // The picture: a still of the camera, taken again every second and a
  // half and after every read (a stream would show nothing new while the
  // tray lies still, and the page's one stream is the table's).
  const [tick, setTick] = useState(0);
  const bump = () => setTick((n) => n + 1);
  useEffect(() => {
    const t = setInterval(bump, 1500);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    let gone = false;
    call('POST', `/api/tables/${id}/calibration/dice/start`, { table: id })
      .then((x) => { if (!gone) setSt(x); }).catch((e) => { if (!gone) setErr(e); });
    // Leaving the page ends the calibration: rolls go to the table again.
    return () => { gone = true; call('POST', `/api/tables/${id}/calibration/dice/done`, { table: id }).catch(() => {}); };
  }, [id]);
  return html`<div class="dicecal" id="dicecal">
    <div class="row"><h1>Dice tray</h1><a class="btn" href=${'#/t/' + id} id="dicecal-back">Back to the table</a></div>
    <p>Teach the camera your dice tray: where its floor is, then the faces of your printed dice. While this page is open, dice in the tray are not sent to the table.</p>
    <${ErrorBox} err=${err} />
    ${!st ? (err ? null : html`<p class="muted">Opening the camera…</p>`) : html`
      <${TrayCorners} id=${id} st=${st} onSaved=${setSt} tick=${tick} bump=${bump} />
      <${PrintedDice} id=${id} st=${st} bump=${bump} />`}
  </div>`;
}

/**
 * TrayCorners: the live picture with the tray floor's corners, and the
 * test read.
 * @param {{id: string, st: TrayCalibration, onSaved: (st: TrayCalibration) => void, tick: number, bump: () => void}} props
 */
function TrayCorners({ id, st, onSaved, tick, bump }) {
  const [pts, setPts] = useState(/** @type {Pt[]} */ (st.corners.map((p) => ({ x: p.x, y: p.y }))));
  const [active, setActive] = useState(st.calibrated ? -1 : 0);
  const [saved, setSaved] = useState(st.calibrated);
  const [busy, setBusy] = useState('');
  const [err, setErr] = useState(/** @type {any} */ (null));
  const [readErr, setReadErr] = useState(/** @type {any} */ (null));
  const [read, setRead] = useState(/** @type {DiceTestRead|null} */ (null));
  const svgRef = useRef(/** @type {SVGSVGElement|null} */ (null));
  const drag = useRef(-1);
  const W = st.imageWidth, H = st.imageHeight;

  /** @param {PointerEvent} ev @returns {Pt|null} */
  const toImage = (ev) => {
    const svg = svgRef.current;
    const m = svg && svg.getScreenCTM();
    if (!svg || !m) return null;
    const pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(m.inverse());
    // A tenth of a pixel: the reader maps the floor from these.
    const r = (v) => Math.round(v * 10) / 10;
    return { x: r(Math.max(0, Math.min(W, p.x))), y: r(Math.max(0, Math.min(H, p.y))) };
  };
  /** @param {number} i @param {Pt} p */
  const put = (i, p) => { setPts((old) => old.map((q, k) => (k === i ? p : q))); setSaved(false); };

  /** @param {PointerEvent} ev */
  const down = (ev) => {
    const t = /** @type {Element} */ (ev.target);
    const h = t.getAttribute && t.getAttribute('data-corner');
    if (h !== null && h !== undefined) {
      drag.current = Number(h);
      /** @type {any} */ (t).setPointerCapture && /** @type {any} */ (t).setPointerCapture(ev.pointerId);
      ev.preventDefault();
      return;
    }
    // A tap on the picture places the corner chosen, then goes on to the
    // next one still to place.
    if (active < 0) return;
    const p = toImage(ev);
    if (!p) return;
    put(active, p);
    setActive(active < 3 ? active + 1 : -1);
  };
  /** @param {PointerEvent} ev */
  const move = (ev) => {
    if (drag.current < 0) return;
    const p = toImage(ev);
    if (p) put(drag.current, p);
  };
  const up = () => { drag.current = -1; };

  const save = async () => {
    setErr(null); setBusy('save');
    try {
      const x = await call('PUT', `/api/tables/${id}/calibration/tray`, { table: id, body: { corners: pts, imageWidth: W, imageHeight: H } });
      // Said beside the button (a toast would cover the faces below).
      setSaved(true); setActive(-1); onSaved(x);
    } catch (e) { setErr(e); } finally { setBusy(''); }
  };
  const testRead = async () => {
    setReadErr(null); setRead(null); setBusy('read');
    try { setRead(await call('POST', `/api/tables/${id}/calibration/dice/test-read`, { table: id })); } catch (e) { setReadErr(e); } finally { setBusy(''); bump(); }
  };

  return html`<section class="dicecal-tray" id="dicecal-tray">
    <h2>1. The tray’s floor</h2>
    <div class="traygrid">
      <div class="calstage dicecal-stage" style=${`aspect-ratio: ${W} / ${H}; max-width: min(640px, calc(62vh * ${W / H}))`}>
        <div class="nopic">No camera picture yet</div>
        <img class="live" src=${'/api/camera.jpg?n=' + tick} alt="The camera’s picture" />
        <svg ref=${svgRef} class="overlay" id="tray-overlay" viewBox=${`0 0 ${W} ${H}`} preserveAspectRatio="none"
          onPointerDown=${down} onPointerMove=${move} onPointerUp=${up} onPointerCancel=${up}>
          <polygon class="boardedge" points=${pts.map((p) => `${p.x},${p.y}`).join(' ')} />
          ${pts.map((p, i) => html`<g key=${i}>
            <circle class=${'handle corner' + (active === i ? ' active' : '')} data-corner=${i} cx=${p.x} cy=${p.y} r=${Math.max(8, W / 40)} />
            <text class="clabel" x=${p.x + (i === 1 || i === 2 ? -12 : 12)} y=${p.y + (i < 2 ? -10 : 22)} text-anchor=${i === 1 || i === 2 ? 'end' : 'start'}>${CORNERS[i]}</text>
          </g>`)}
        </svg>
      </div>
      <div class="trayside">
        <p>${active >= 0 ? html`Tap the tray floor’s <b>${CORNERS[active]}</b> corner (inside the walls) in the picture.`
          : 'Tap a corner’s name, then its place in the picture, or drag its circle.'}</p>
        <div class="corner-pick" role="group" aria-label="Corner to place">
          ${CORNERS.map((c, i) => html`<button key=${c} class=${'btn' + (active === i ? ' primary' : '')} aria-pressed=${active === i ? 'true' : 'false'} data-pick=${c} onClick=${() => setActive(i)}>${c}</button>`)}
        </div>
        <button class="big primary" id="tray-save" disabled=${busy !== ''} onClick=${save}>${busy === 'save' ? 'Saving…' : 'Save corners'}</button>
        <p class=${saved ? 'ok' : 'warn'} id="tray-status">${saved ? 'Saved: the camera reads the dice with these corners.' : st.calibrated ? 'Changed, not saved yet.' : 'The tray is not calibrated yet.'}</p>
        <${ErrorBox} err=${err} />
      </div>
    </div>
    <h3>Test read</h3>
    <p>${st.simulated ? 'The simulated camera rolls one die of each kind it can read, then reads them.' : 'Roll a few dice into the tray, let them stop, then tap Read the dice.'}</p>
    <div class="row">
      <button class="btn" id="tray-test" disabled=${busy !== ''} onClick=${testRead}>${busy === 'read' ? 'Reading…' : st.simulated ? 'Roll and read the dice' : 'Read the dice'}</button>
      <${ErrorBox} err=${readErr} />
    </div>
    ${read ? html`<div class="dicecal-read" id="tray-read">
      <p class="ok">${read.result}</p>
      ${read.unreadable.length ? html`<ul class="warn">${read.unreadable.map((u, i) => html`<li key=${i}>${u}</li>`)}</ul>` : null}
      ${read.overlay ? html`<img class="dice-overlay" src=${read.overlay} alt="What the camera read, drawn on its picture" />` : null}
    </div>` : null}
  </section>`;
}

/**
 * PrintedDice: each printed die, face by face.
 * @param {{id: string, st: TrayCalibration, bump: () => void}} props
 */
function PrintedDice({ id, st, bump }) {
  return html`<section class="dicecal-dice" id="dicecal-dice">
    <h2>2. Printed dice</h2>
    ${st.pipDice.length ? html`<p class="muted">Dice with pips (${st.pipDice.join(', ')}) need nothing: the camera counts the pips.</p>` : null}
    ${!st.dice.length ? html`<p>No die with printed faces to teach. A game’s printed die is listed here while its table waits for a roll.</p>`
      : st.dice.map((d) => html`<${TeachDie} key=${d.id} id=${id} die=${d} calibrated=${st.calibrated} bump=${bump} />`)}
  </section>`;
}

/**
 * TeachDie: the faces of one printed die, the next one to show first.
 * @param {{id: string, die: DieToTeach, calibrated: boolean, bump: () => void}} props
 */
function TeachDie({ id, die, calibrated, bump }) {
  const [learned, setLearned] = useState(/** @type {boolean[]} */ (die.learned.slice()));
  // Why a learned face may read badly, face by face ('' for none): shown
  // beside the face, which asks to be shown again.
  const [doubts, setDoubts] = useState(/** @type {string[]} */ ((die.doubts || []).slice()));
  const [seen, setSeen] = useState(/** @type {Record<number, LearnedFace>} */ ({}));
  const [busy, setBusy] = useState(-1);
  const [err, setErr] = useState(/** @type {{face: number, e: any}|null} */ (null));
  const [last, setLast] = useState('');
  const next = learned.indexOf(false);
  /** @param {number} k */
  const readFace = async (k) => {
    setErr(null); setBusy(k);
    try {
      const r = await call('POST', `/api/tables/${id}/calibration/dice/face`, { table: id, body: { die: die.id, face: k } });
      setLearned(r.learned); setDoubts(r.doubts || []); setSeen((old) => ({ ...old, [k]: r })); setLast(r.result);
    } catch (e) { setErr({ face: k, e }); } finally { setBusy(-1); bump(); }
  };
  const done = learned.every(Boolean);
  const doubted = learned.map((l, k) => l && !!doubts[k]);
  const nDoubted = doubted.filter(Boolean).length;
  const lastWarn = nDoubted > 0 && /not learned well/.test(last);
  const swatch = `background: rgb(${die.colour.join(',')})`;
  return html`<div class="teachdie" data-die=${die.id}>
    <h3><span class="swatch" style=${swatch}></span> The ${die.id} die</h3>
    ${die.missing ? html`<p class="warn">${die.missing}</p>` : html`
      <p class=${done && !nDoubted ? 'ok' : done ? 'warn' : ''} data-role="prompt">${done && nDoubted ? `Every face of the ${die.id} die is shown, but ${nDoubted === 1 ? 'one was' : `${nDoubted} were`} not learned well (marked ⚠ below): show ${nDoubted === 1 ? 'it' : 'them'} again.`
        : done ? `Every face of the ${die.id} die is learned: the camera reads it. Read a face again if it was shown wrong.`
        : `Put the ${die.id} die alone in the tray with ${faceName(die.labels, next)} on top, then tap Read.`}</p>
      ${last ? html`<p class=${lastWarn ? 'warn' : 'ok'} data-role="last" aria-live="polite">${last}</p>` : null}
      ${calibrated ? null : html`<p class="warn">Save the tray’s corners first (above): the camera looks for the die on the tray’s floor.</p>`}
      <ol class="faces">
        ${die.labels.map((l, k) => html`<li key=${k} class=${'face' + (learned[k] ? ' learned' : '') + (doubted[k] ? ' doubt' : '') + (k === next ? ' next' : '')} data-face=${k}>
          <span class="fname">${faceName(die.labels, k)}</span>
          ${seen[k] && seen[k].crop ? html`<img class="crop" src=${seen[k].crop} alt=${`What the camera saw for ${l}`} />` : null}
          <span class="fstate">${doubted[k] ? '⚠ not learned well' : learned[k] ? '✓ learned' : 'not yet'}</span>
          ${learned[k] || k === next ? html`<button class=${'btn' + (k === next || doubted[k] ? ' primary' : '')} data-act="read-face" disabled=${!calibrated || busy >= 0}
            onClick=${() => readFace(k)}>${busy === k ? 'Reading…' : doubted[k] ? 'Show again' : learned[k] ? 'Read again' : 'Read'}</button>` : null}
          ${doubted[k] ? html`<p class="warn fdoubt" data-role="doubt">${doubts[k]}</p>` : null}
          ${err && err.face === k ? html`<div class="faceerr"><${ErrorBox} err=${err.e} /></div>` : null}
        </li>`)}
      </ol>`}
  </div>`;
}
