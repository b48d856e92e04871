// @ts-check
// calibrate.js: the host's camera calibration. The live camera image with
// the board's four corners and the zones drawn over it; corners and zone
// corners are dragged into place, then saved for the next read. Below, the
// guided colour-calibration drop and a test read.

import { call, secrets } from './api.js';
import { h, s, fill, errorBox, toast } from './ui.js';

// homography returns the 3x3 matrix mapping the four src points to the four
// dst points (solving the usual 8 equations).
export function homography(src, dst) {
  const A = [], b = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i], [u, v] = dst[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]); b.push(v);
  }
  const n = 8;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    [A[c], A[p]] = [A[p], A[c]]; [b[c], b[p]] = [b[p], b[c]];
    if (Math.abs(A[c][c]) < 1e-12) return null;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let k = c; k < n; k++) A[r][k] -= f * A[c][k];
      b[r] -= f * b[c];
    }
  }
  const m = b.map((v, i) => v / A[i][i]);
  return [[m[0], m[1], m[2]], [m[3], m[4], m[5]], [m[6], m[7], 1]];
}

export function apply(H, [x, y]) {
  const w = H[2][0] * x + H[2][1] * y + H[2][2];
  return [(H[0][0] * x + H[0][1] * y + H[0][2]) / w, (H[1][0] * x + H[1][1] * y + H[1][2]) / w];
}

export function calibratePage(app, id) {
  if (!id || !secrets.host(id)) {
    fill(app, h('h1', null, 'Camera calibration'), errorBox({ message: 'only the host may calibrate: open this from the tablet that started the table (Camera button)' }));
    return null;
  }
  const err = h('div');
  const info = h('p', { class: 'muted' });
  const stage = h('div', { class: 'calstage' });
  let cal = null;
  let plan = null; // the guided colour drop, once the host starts it
  let stopped = false;

  const draw = () => {
    if (!cal) return;
    const W = cal.imageWidth, Ht = cal.imageHeight;
    const layout = cal.layout || {};
    const bw = layout.width || 200, bh = layout.height || 120;
    const H = homography([[0, 0], [bw, 0], [bw, bh], [0, bh]], cal.corners.map((p) => [p.x, p.y]));
    const Hinv = H && homography(cal.corners.map((p) => [p.x, p.y]), [[0, 0], [bw, 0], [bw, bh], [0, bh]]);
    const svg = s('svg', { viewBox: `0 0 ${W} ${Ht}`, class: 'overlay', id: 'cal-overlay' });
    if (H) {
      // Zones tile the board: a corner shared by several zones is one
      // handle, and dragging it moves it in every zone.
      const shared = new Map();
      for (const z of layout.zones || []) {
        const pts = z.polygon.map((p) => apply(H, p));
        svg.append(s('polygon', { points: pts.map((p) => p.join(',')).join(' '), class: 'zone' }));
        const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length, cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
        svg.append(s('text', { x: cx, y: cy, 'text-anchor': 'middle', class: 'zlabel' }, z.id));
        z.polygon.forEach((p, i) => {
          const key = `${Math.round(p[0] * 2)},${Math.round(p[1] * 2)}`;
          if (!shared.has(key)) shared.set(key, []);
          shared.get(key).push([z, i]);
        });
      }
      for (const refs of shared.values()) {
        const [z0, i0] = refs[0];
        const [x, y] = apply(H, z0.polygon[i0]);
        svg.append(handle(x, y, 'zvert', (nx, ny) => {
          const mm = apply(Hinv, [nx, ny]).map((v) => Math.round(v * 10) / 10);
          for (const [z, i] of refs) z.polygon[i] = mm.slice();
        }));
      }
    }
    if (H && plan) {
      // The guided colour drop: each zone to use, in its colour.
      for (const zc of plan.zones) {
        const z = (layout.zones || []).find((q) => q.id === zc.zone);
        if (!z) continue;
        const pts = z.polygon.map((p) => apply(H, p));
        const rgb = `rgb(${zc.rgb.join(',')})`;
        svg.append(s('polygon', { points: pts.map((p) => p.join(',')).join(' '), class: 'calzone', style: `fill: ${rgb}; stroke: ${rgb}`, 'data-zone': zc.zone }));
        const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length, cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
        svg.append(s('text', { x: cx, y: cy + 18, 'text-anchor': 'middle', class: 'zlabel callabel' }, `${plan.cubes} × ${zc.colour}`));
      }
    }
    svg.append(s('polygon', { points: cal.corners.map((p) => `${p.x},${p.y}`).join(' '), class: 'boardedge' }));
    cal.corners.forEach((p, i) => {
      svg.append(handle(p.x, p.y, 'corner c' + i, (nx, ny) => { p.x = Math.round(nx); p.y = Math.round(ny); }));
      svg.append(s('text', { x: p.x + 14, y: p.y - 14, class: 'clabel' }, ['top-left', 'top-right', 'bottom-right', 'bottom-left'][i]));
    });
    fill(stage, h('img', { src: '/api/camera.mjpg', class: 'live', alt: 'the camera, live', onerror: (e) => e.target.replaceWith(h('div', { class: 'nocam' }, 'No camera image')) }), svg);
  };

  // handle is a draggable circle; move(x, y) gets image coordinates.
  function handle(x, y, cls, move) {
    const c = s('circle', { cx: x, cy: y, r: cls.startsWith('corner') ? 14 : 8, class: 'handle ' + cls });
    c.addEventListener('pointerdown', (ev) => {
      ev.preventDefault();
      const svg = c.ownerSVGElement;
      c.setPointerCapture(ev.pointerId);
      const onMove = (e) => {
        const pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
        const p = pt.matrixTransform(svg.getScreenCTM().inverse());
        move(Math.max(0, Math.min(cal.imageWidth, p.x)), Math.max(0, Math.min(cal.imageHeight, p.y)));
        c.setAttribute('cx', p.x); c.setAttribute('cy', p.y);
      };
      const onUp = () => { c.removeEventListener('pointermove', onMove); c.removeEventListener('pointerup', onUp); draw(); };
      c.addEventListener('pointermove', onMove);
      c.addEventListener('pointerup', onUp);
    });
    return c;
  }

  const save = async () => {
    fill(err);
    try {
      cal = await call('PUT', `/api/tables/${id}/calibration`, { table: id, body: cal });
      toast('Calibration saved: the next read uses it.', 'ok');
      draw();
    } catch (e) { fill(err, errorBox(e)); }
  };
  // The guided colour-calibration drop: 1. the empty board, 2. a few cubes
  // of each colour in the zone drawn in that colour, 3. measure.
  const guide = h('div', { id: 'cal-guide', class: 'calguide' });
  const swatch = (rgb, title) => h('span', { class: 'swatch', title, style: `background: rgb(${rgb.join(',')})` });
  const startColours = async () => {
    fill(err);
    try { plan = await call('POST', `/api/tables/${id}/calibration/start`, { table: id }); drawGuide(); draw(); } catch (e) { fill(err, errorBox(e)); }
  };
  const zonesOf = () => Object.fromEntries(plan.zones.map((z) => [z.zone, z.colour]));
  const captureEmpty = async () => {
    fill(err);
    try { const r = await call('POST', `/api/tables/${id}/calibration/empty`, { table: id }); toast(r.result, 'ok'); plan.reference = true; drawGuide(); } catch (e) { fill(err, errorBox(e)); }
  };
  const simulate = async () => {
    fill(err);
    try { const r = await call('POST', `/api/tables/${id}/calibration/simulate-drop`, { table: id, body: { zones: zonesOf() } }); toast(r.result, 'ok'); } catch (e) { fill(err, errorBox(e)); }
  };
  const measured = h('div', { id: 'cal-result', 'aria-live': 'polite' });
  const measure = async () => {
    fill(err);
    fill(measured, h('p', { class: 'muted' }, 'Measuring…'));
    try {
      const r = await call('POST', `/api/tables/${id}/calibration/colours`, { table: id, body: { zones: zonesOf() } });
      fill(measured,
        h('p', { class: r.misread.length ? 'warn' : 'ok' }, r.result),
        h('table', { class: 'calcolours' },
          h('tr', null, h('th', null, 'colour'), h('th', null, 'zone'), h('th', null, 'before'), h('th', null, 'measured')),
          r.colours.map((c) => h('tr', { 'data-colour': c.colour }, h('td', null, c.colour), h('td', null, c.zone),
            h('td', null, swatch(c.before, c.before.join(', '))), h('td', null, swatch(c.after, c.after.join(', ')), ' ', c.after.join(', '))))),
        r.misread.length ? h('ul', { class: 'misread' }, r.misread.map((m) => h('li', null, m))) : null);
      plan = null; draw(); drawGuide();
    } catch (e) { fill(measured); fill(err, errorBox(e)); }
  };
  function drawGuide() {
    if (!plan) {
      fill(guide, h('p', { class: 'muted' }, 'Teach the camera your cubes’ colours under this light. While you do, the camera proposes no battle reads.'),
        h('button', { class: 'btn', id: 'cal-colour-start', onclick: startColours }, 'Start the colour calibration'));
      return;
    }
    fill(guide,
      h('ol', { class: 'steps' },
        h('li', { class: plan.reference ? 'done' : '' },
          plan.reference ? 'The empty board is captured. ' : 'Take every cube off the board, then capture the empty board. ',
          h('button', { class: 'btn', id: 'cal-empty', onclick: captureEmpty }, plan.reference ? 'Capture it again' : 'Capture the empty board')),
        h('li', null, `Put ${plan.cubes} ${plan.cubes === 1 ? 'cube' : 'cubes'} of each colour in its zone, drawn in that colour over the camera image, away from the borders:`,
          h('ul', { class: 'plan' }, plan.zones.map((z) => h('li', { 'data-zone': z.zone }, swatch(z.rgb, z.colour), ` ${plan.cubes} ${z.colour} in ${z.zone}`))),
          sim ? h('button', { class: 'btn', id: 'cal-simdrop', onclick: simulate }, 'Simulate this drop') : null),
        h('li', null, 'When the cubes lie still: ',
          h('button', { class: 'btn primary', id: 'cal-measure', onclick: measure, disabled: !plan.reference }, 'Measure'))));
  }
  let sim = false;
  drawGuide();
  const readOut = h('pre', { class: 'mono', id: 'cal-read' });
  const testRead = async () => {
    fill(err);
    try { const r = await call('POST', `/api/tables/${id}/calibration/test-read`, { table: id }); readOut.textContent = JSON.stringify(r.tally || r, null, 1); } catch (e) { fill(err, errorBox(e)); }
  };

  fill(app, h('h1', null, 'Camera calibration'),
    h('p', null, 'Drag the four big circles onto the corners of the battle board, and the small ones onto the zones’ corners. Then save.'),
    info, stage, err,
    h('div', { class: 'row' },
      h('button', { class: 'big primary', id: 'cal-save', onclick: save }, 'Save'),
      h('a', { class: 'big', href: `#/t/${id}` }, 'Back to the table')),
    h('h2', null, 'Colour calibration'),
    guide, measured,
    h('h2', null, 'Test read'),
    h('button', { class: 'btn', id: 'cal-test', onclick: testRead }, 'Read the board now'), readOut);

  (async () => {
    try {
      call('GET', '/api/health').then((hl) => { sim = !!hl.sim; if (plan) drawGuide(); }).catch(() => {});
      cal = await call('GET', `/api/tables/${id}/calibration`, { table: id });
      if (!stopped) { info.textContent = `Camera image ${cal.imageWidth}×${cal.imageHeight}.`; draw(); }
    } catch (e) { fill(err, errorBox(e)); }
  })();
  return () => { stopped = true; };
}
