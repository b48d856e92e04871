// @ts-check
// catalog.js: the owner's catalog page (#/catalog/RULES). It knows no game:
// the entry forms are built from the kinds a game's kit describes
// (catalogKinds of GET /api/rules), and the catalog itself is the file the
// kit checks (GET/PUT /api/rules/RULES/catalog).
//
// Each kind names the key of the file that holds its entries (list) and
// how they sit there (shape: a list, one entry, a map from one field to
// another, or fields that are keys of the file itself), so the page looks
// nowhere else. Only a kind that names no key (a game's kit older than the
// list field) is matched to the key whose entries its fields describe best.
// The file's other keys are shown too: lists of plain words ("goods") are
// edited one per line, anything else is kept as imported.
//
// The server checks the whole catalog on every save, and a game may refuse
// an incomplete one (a deck still empty). Edits therefore go into a draft
// kept on this device until the server accepts it: nothing typed is lost to
// a refusal, and the refusal is shown beside the Save button that got it.

import { call, rulesList } from './api.js';
import { toast } from './ui.js';
import { html, useState, useEffect, useRef, ErrorBox } from './view.js';

/** @typedef {import('./types.gen.js').CatalogKind} Kind */
/** @typedef {import('./types.gen.js').CatalogField} Field */

const DRAFT_KEY = (rules) => `qm.catalog.draft.${rules}`;

/** @param {any} v */
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * fieldIds lists a kind's field ids.
 * @param {Kind} k
 */
const fieldIds = (k) => new Set((k.fields || []).map((f) => f.id));

/**
 * matchKind finds the kind the entries under key are, or null: a kind named
 * by the key ("zone" for "zones"), else the kind whose fields cover the
 * most of the entries' keys (at least half of them).
 * @param {Kind[]} kinds
 * @param {string} key
 * @param {any[]} entries
 * @returns {Kind|null}
 */
export function matchKind(kinds, key, entries) {
  const keys = new Set();
  for (const e of entries) if (isObj(e)) for (const k of Object.keys(e)) keys.add(k);
  const cover = (k) => { const ids = fieldIds(k); let n = 0; for (const x of keys) if (ids.has(x)) n++; return n; };
  const named = kinds.find((k) => k.id === key || k.id + 's' === key || k.id + 'es' === key);
  if (named && (keys.size === 0 || cover(named) * 2 >= keys.size)) return named;
  // Between kinds covering as many keys, the one whose form has the fewest
  // fields the entries lack ("card" rather than "zone" for {id, name}).
  let best = null;
  let bestN = 0;
  let bestScore = -Infinity;
  for (const k of kinds) {
    const n = cover(k);
    const score = n * 100 - ((k.fields || []).length - n);
    if (n > 0 && score > bestScore) { best = k; bestN = n; bestScore = score; }
  }
  return best && keys.size && bestN * 2 >= keys.size ? best : null;
}

/**
 * @typedef {{key: string, shape: 'list'|'one'|'map'|'fields'|'words'|'other', kind: Kind|null, label: string}} Section
 */

/**
 * sections lists the page's sections: one per kind, where the kind says
 * its entries are, then the file's other keys.
 * @param {any} cat
 * @param {Kind[]} kinds
 * @returns {Section[]}
 */
export function sections(cat, kinds) {
  /** @type {Section[]} */
  const out = [];
  const claimed = new Set();
  /** @type {Kind[]} */
  const unnamed = [];
  for (const k of kinds) {
    const shape = /** @type {Section['shape']} */ (k.shape || 'list');
    if (shape === 'fields') {
      for (const f of k.fields || []) claimed.add(f.id);
      out.push({ key: k.id, shape, kind: k, label: k.label });
    } else if (k.list) {
      claimed.add(k.list);
      out.push({ key: k.list, shape, kind: k, label: k.label });
    } else unnamed.push(k);
  }
  const seen = new Set();
  for (const [key, v] of Object.entries(cat || {})) {
    if (claimed.has(key)) continue;
    if (Array.isArray(v) && v.every(isObj)) {
      const k = matchKind(unnamed, key, v);
      if (k) { seen.add(k.id); out.push({ key, shape: 'list', kind: k, label: k.label }); continue; }
    } else if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) {
      out.push({ key, shape: 'words', kind: null, label: words(key) });
      continue;
    }
    out.push({ key, shape: 'other', kind: null, label: words(key) });
  }
  for (const k of unnamed) if (!seen.has(k.id)) out.push({ key: k.id + 's', shape: 'list', kind: k, label: k.label });
  return out;
}

/**
 * entriesOf reads a section's entries from the catalog: a map's pairs
 * become entries of the kind's two fields (key, value); a "fields" kind's
 * one entry gathers its keys of the file.
 * @param {Section} sec
 * @param {any} cat
 * @returns {any[]}
 */
export function entriesOf(sec, cat) {
  const k = sec.kind;
  const v = cat[sec.key];
  const fs = (k && k.fields) || [];
  switch (sec.shape) {
    case 'one': return v ? [v] : [];
    case 'map': return isObj(v) && fs.length >= 2 ? Object.entries(v).map(([a, b]) => ({ [fs[0].id]: a, [fs[1].id]: b })) : [];
    case 'fields': {
      /** @type {Record<string, any>} */
      const e = {};
      for (const f of fs) if (cat[f.id] !== undefined) e[f.id] = cat[f.id];
      return Object.keys(e).length ? [e] : [];
    }
    default: return Array.isArray(v) ? v : [];
  }
}

/**
 * putEntry writes entry into catalog c (a copy) for sec: index -1 adds it,
 * else it replaces entry index; entry null deletes entry index.
 * @param {Section} sec
 * @param {any} c
 * @param {number} index
 * @param {any} entry
 */
export function putEntry(sec, c, index, entry) {
  const fs = (sec.kind && sec.kind.fields) || [];
  switch (sec.shape) {
    case 'one':
      if (entry) c[sec.key] = entry; else delete c[sec.key];
      return;
    case 'map': {
      const m = isObj(c[sec.key]) ? c[sec.key] : {};
      const old = index >= 0 ? entriesOf(sec, c)[index] : null;
      if (old) delete m[old[fs[0].id]];
      if (entry) m[entry[fs[0].id]] = entry[fs[1].id] === undefined ? null : entry[fs[1].id];
      c[sec.key] = m;
      return;
    }
    case 'fields':
      for (const f of fs) { if (entry && entry[f.id] !== undefined) c[f.id] = entry[f.id]; else delete c[f.id]; }
      return;
    default: {
      const list = Array.isArray(c[sec.key]) ? c[sec.key] : [];
      if (!entry) list.splice(index, 1);
      else if (index < 0) list.push(entry); else list[index] = entry;
      c[sec.key] = list;
    }
  }
}

// words turns a key like "demandTokens" into "demand tokens".
function words(key) {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * itemType says whether the items of a list (or a map's values) are numbers,
 * objects or text, from the same field of the other entries: the form shows
 * them as lines of text and must give them back as the file had them.
 * @param {any[]} siblings
 * @param {string} id
 * @returns {'number'|'object'|'text'}
 */
function itemType(siblings, id) {
  for (const s of siblings) {
    const v = s && s[id];
    const items = Array.isArray(v) ? v : isObj(v) ? Object.values(v) : [];
    for (const x of items) {
      if (typeof x === 'number') return 'number';
      if (x !== null && typeof x === 'object') return 'object';
      if (typeof x === 'string') return 'text';
    }
  }
  return 'text';
}

/** @param {any} x */
const line = (x) => (x !== null && typeof x === 'object' ? JSON.stringify(x) : String(x));

/**
 * parseItem reads one line of a list back into the file's type.
 * @param {string} s
 * @param {'number'|'object'|'text'} t
 */
function parseItem(s, t) {
  if (t === 'number' && s !== '' && !Number.isNaN(Number(s))) return Number(s);
  if (t === 'object' || /^[[{]/.test(s)) {
    try { return JSON.parse(s); } catch { throw new Error(`“${s}” is not a valid entry (write it as in the file, e.g. {"kind": "..."})`); }
  }
  return s;
}

/**
 * groups says whether a field is a list of groups of fields (a card's
 * abilities, each with its choices and effects): the form shows each group
 * with its own fields, to add and remove, never as lines of JSON.
 * @param {Field} f
 */
const groups = (f) => f.kind === 'list' && !!(f.fields && f.fields.length);

/**
 * groupForm is one group's form values; _orig keeps the group as the file
 * had it, so keys the form does not show survive a group removed above it.
 * @param {Field[]} fields
 * @param {any} x
 */
const groupForm = (fields, x) => ({ ...toForm(fields, isObj(x) ? x : {}), _orig: x });

/**
 * newGroup is a new group's form values, each list of groups it must have
 * started with one group (a new ability has one choice with one effect).
 * @param {Field[]} fields
 * @returns {Record<string, any>}
 */
function newGroup(fields) {
  const v = groupForm(fields, null);
  for (const f of fields) if (groups(f) && f.required) v[f.id] = [newGroup(f.fields || [])];
  return v;
}

/**
 * one is the word for one group of a list ("Abilities": "Ability").
 * @param {string} label
 */
const one = (label) => (/ies$/.test(label) ? label.slice(0, -3) + 'y' : label.replace(/s$/, ''));

/**
 * toForm turns an entry into the form's values: text for every field but a
 * checkbox (lists one item a line, maps "key: value" a line).
 * @param {Field[]} fields
 * @param {any} e
 * @returns {Record<string, any>}
 */
function toForm(fields, e) {
  /** @type {Record<string, any>} */
  const v = {};
  for (const f of fields) {
    const x = e ? e[f.id] : undefined;
    if (f.kind === 'bool') v[f.id] = x === true;
    else if (groups(f)) v[f.id] = (Array.isArray(x) ? x : []).map((y) => groupForm(f.fields || [], y));
    else if (f.kind === 'list') v[f.id] = Array.isArray(x) ? x.map(line).join('\n') : '';
    else if (f.kind === 'object' && f.fields && f.fields.length) v[f.id] = toForm(f.fields, isObj(x) ? x : {});
    else if (f.kind === 'object') v[f.id] = isObj(x) ? Object.entries(x).map(([k, y]) => `${k}: ${line(y)}`).join('\n') : '';
    else v[f.id] = x === undefined || x === null ? '' : String(x);
  }
  return v;
}

/**
 * shown says whether a field applies, given the entry's other values.
 * @param {Field} f
 * @param {Record<string, any>} v
 */
export function shown(f, v) {
  return !f.when || (f.when.values || []).includes(String(v[f.when.field] ?? ''));
}

/**
 * fromForm reads the form's values back onto a copy of the entry (keys the
 * form does not show are kept; a field that does not apply is dropped).
 * Throws, naming the field, when a value does not read.
 * @param {Field[]} fields
 * @param {Record<string, any>} v
 * @param {any} orig
 * @param {any[]} siblings
 */
function fromForm(fields, v, orig, siblings) {
  const out = isObj(orig) ? { ...orig } : {};
  for (const f of fields) {
    if (!shown(f, v)) { delete out[f.id]; continue; }
    const x = v[f.id];
    if (groups(f)) {
      // Each group read on its own, a refusal naming it: "Ability 1 ›
      // Choice 1 › Effect 2 › Where it goes: is needed".
      const items = Array.isArray(x) ? x : [];
      if (!items.length) {
        if (f.required) throw new Error(`${f.label}: add at least one`);
        delete out[f.id];
        continue;
      }
      const sib = siblings.flatMap((y) => (y && Array.isArray(y[f.id]) ? y[f.id] : []));
      out[f.id] = items.map((it, i) => {
        try { return fromForm(f.fields || [], it, it._orig, sib); } catch (e) { throw new Error(`${one(f.label)} ${i + 1} › ${e.message}`); }
      });
      continue;
    }
    try {
      if (f.kind === 'bool') { if (x) out[f.id] = true; else delete out[f.id]; continue; }
      if (f.kind === 'object' && f.fields && f.fields.length) { out[f.id] = fromForm(f.fields, x, out[f.id], siblings.map((s) => s && s[f.id])); continue; }
      const s = String(x ?? '').trim();
      if (s === '' && !f.required) { delete out[f.id]; continue; }
      if (s === '' && f.kind !== 'list' && f.kind !== 'object') throw new Error('is needed');
      if (f.kind === 'number') {
        if (Number.isNaN(Number(s))) throw new Error(`“${s}” is not a number`);
        out[f.id] = Number(s);
      } else if (f.kind === 'list') {
        const t = itemType(siblings, f.id);
        out[f.id] = s.split('\n').map((y) => y.trim()).filter(Boolean).map((y) => parseItem(y, t));
      } else if (f.kind === 'object') {
        const t = itemType(siblings, f.id);
        /** @type {Record<string, any>} */
        const m = {};
        for (const l of s.split('\n').map((y) => y.trim()).filter(Boolean)) {
          const i = l.indexOf(':');
          if (i <= 0) throw new Error(`write each line as “key: value” (“${l}”)`);
          m[l.slice(0, i).trim()] = parseItem(l.slice(i + 1).trim(), t);
        }
        out[f.id] = m;
      } else out[f.id] = s;
    } catch (e) {
      throw new Error(`${f.label}: ${e.message}`);
    }
  }
  return out;
}

/**
 * nameIn is what an entry of a section is called: a map's pair as
 * "key: value", the one entry of a "fields" kind by the kind's label.
 * @param {Section} sec
 * @param {any} e
 * @param {number} [i] its place in the section's list
 */
function nameIn(sec, e, i = 0) {
  const fs = (sec.kind && sec.kind.fields) || [];
  if (sec.shape === 'fields' && sec.kind) return sec.kind.label;
  if (sec.shape === 'map' && fs.length >= 2 && isObj(e)) return `${choiceLabel(fs[0], e[fs[0].id])}: ${e[fs[1].id] ?? 'not entered'}`;
  return entryName(e, sec.kind, i);
}

/**
 * madeUpId says whether a field is an id the owner makes up (labelled
 * "Id"): the page never shows it. The catalog keeps it (games and other
 * entries refer to it); a new entry's is made from its name. An id printed
 * on the game ("Type", "Dice id") is a field like any other.
 * @param {Field} f
 */
const madeUpId = (f) => f.id === 'id' && /^id$/i.test(f.label);

/**
 * choiceLabel is a choice's words ("Master Merchant"), never its value.
 * @param {Field} f @param {any} x
 */
const choiceLabel = (f, x) => {
  const c = (f.choices || []).find((y) => y.value === x);
  return c ? c.label : String(x);
};

/**
 * entryName is what an entry is called on the page: its name, else what
 * its first values say ("Explorer, Legendary"), else the kind and its
 * place in the list ("Merchant cards 3"); never its id.
 * @param {any} e @param {Kind|null} [kind] @param {number} [i]
 */
function entryName(e, kind, i = 0) {
  if (!isObj(e)) return String(e);
  if (e.name) return String(e.name);
  const said = [];
  for (const f of (kind && kind.fields) || []) {
    if (said.length >= 3) break;
    const x = e[f.id];
    if (madeUpId(f) || x === undefined || x === null || x === '' || f.kind === 'object' || groups(f)) continue;
    if (f.kind === 'bool') { if (x === true) said.push(f.label); continue; }
    if (Array.isArray(x)) { if (x.length) said.push((f.choices && f.choices.length ? x.map((y) => choiceLabel(f, y)) : x.map(line)).join(', ')); continue; }
    if (f.kind === 'choice') said.push(choiceLabel(f, x));
    else if (f.kind === 'number') said.push(`${f.label} ${x}`);
    else said.push(String(x));
  }
  return said.length ? said.join(' · ') : `${kind ? kind.label : 'Entry'} ${i + 1}`;
}

/**
 * newId makes a new entry's id from its name (or its kind), unique among
 * the section's entries: "test-isle", "test-isle-2".
 * @param {string} base @param {any[]} siblings
 */
export function newId(base, siblings) {
  const slug = String(base).toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'entry';
  const taken = new Set(siblings.filter(isObj).map((x) => String(x.id)));
  if (!taken.has(slug)) return slug;
  let n = 2;
  while (taken.has(`${slug}-${n}`)) n++;
  return `${slug}-${n}`;
}

/**
 * CatalogPage is the owner's catalog of one game (the first game with a
 * catalog when rules is empty).
 * @param {{rules?: string}} props
 */
export function CatalogPage({ rules }) {
  const [info, setInfo] = useState(/** @type {any} */ (null));
  const [games, setGames] = useState(/** @type {any[]} */ ([]));
  const [saved, setSaved] = useState(/** @type {any} */ (undefined));
  const [draft, setDraftState] = useState(/** @type {any} */ (null));
  const [err, setErr] = useState(/** @type {any} */ (null));
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(/** @type {string|null} */ (null));
  const [formErr, setFormErr] = useState(/** @type {any} */ (null));
  const [importErr, setImportErr] = useState(/** @type {any} */ (null));
  const [saveErr, setSaveErr] = useState(/** @type {any} */ (null));
  const [practiceErr, setPracticeErr] = useState(/** @type {any} */ (null));

  useEffect(() => {
    rulesList().then(async (gs) => {
      const withCat = gs.filter((g) => (g.catalogKinds || []).length);
      setGames(withCat);
      const g = rules ? withCat.find((x) => x.rules === rules) : withCat[0];
      if (!g) { setErr({ message: rules ? `${rules} needs no owner’s catalog` : 'no game here needs an owner’s catalog' }); return; }
      setInfo(g);
      const r = await call('GET', `/api/rules/${encodeURIComponent(g.rules)}/catalog`);
      setSaved(r.catalog || null);
      try { setDraftState(JSON.parse(localStorage.getItem(DRAFT_KEY(g.rules)) || 'null')); } catch { setDraftState(null); }
    }).catch(setErr);
  }, [rules]);

  if (err) return html`<h1>The owner’s catalog</h1><${ErrorBox} err=${err} />`;
  if (!info || saved === undefined) return html`<h1>The owner’s catalog</h1><p>Loading…</p>`;
  /** @type {Kind[]} */
  const kinds = info.catalogKinds || [];
  const cat = draft || saved || {};

  const setDraft = (d) => {
    setDraftState(d);
    if (d) localStorage.setItem(DRAFT_KEY(info.rules), JSON.stringify(d));
    else localStorage.removeItem(DRAFT_KEY(info.rules));
  };
  // put sends the whole catalog; the server's checked copy replaces the
  // draft. Returns whether it was accepted.
  const put = async (c, setE) => {
    try {
      const canon = await call('PUT', `/api/rules/${encodeURIComponent(info.rules)}/catalog`, { body: c });
      setSaved(canon);
      setDraft(null);
      setE(null); setSaveErr(null);
      return true;
    } catch (e) { setE(e); return false; }
  };
  const saveEntry = async (sec, index, entry) => {
    const c = JSON.parse(JSON.stringify(cat));
    putEntry(sec, c, index, entry);
    setDraft(c);
    if (await put(c, setFormErr)) { setOpen(null); toast('Saved in the catalog.', 'ok'); }
  };
  const deleteEntry = async (sec, index) => {
    const c = JSON.parse(JSON.stringify(cat));
    putEntry(sec, c, index, null);
    setDraft(c);
    if (await put(c, setFormErr)) { setOpen(null); toast('Deleted from the catalog.', 'ok'); }
  };
  const saveWords = async (key, text) => {
    const c = JSON.parse(JSON.stringify(cat));
    c[key] = text.split('\n').map((s) => s.trim()).filter(Boolean);
    setDraft(c);
    if (await put(c, setFormErr)) { setOpen(null); toast('Saved in the catalog.', 'ok'); }
  };
  const importFile = async (/** @type {Event} */ ev) => {
    const input = /** @type {HTMLInputElement} */ (ev.currentTarget);
    const f = input.files && input.files[0];
    if (!f) return;
    let c;
    try { c = JSON.parse(await f.text()); } catch (e) { setImportErr({ message: `${f.name} is not a catalog file (it does not read as JSON: ${e.message})` }); return; }
    // A whole setup or script may be given: its catalog is taken.
    if (isObj(c) && isObj(c.setup) && isObj(c.setup.catalog)) c = c.setup.catalog;
    else if (isObj(c) && isObj(c.catalog)) c = c.catalog;
    if (await put(c, setImportErr)) toast(`Imported ${f.name}.`, 'ok');
    input.value = '';
  };

  // The practice catalog replaces what is saved (or typed and not saved
  // yet) only once the owner confirms: it is made-up values, not theirs.
  const loadPractice = async () => {
    setPracticeErr(null);
    if ((saved || draft) && !confirm(`Replace the catalog ${saved ? 'saved' : 'typed'} for ${info.title} with the practice catalog? Its values are made up, not your copy’s.`)) return;
    try {
      const c = await call('GET', `/api/rules/${encodeURIComponent(info.rules)}/practice-catalog`);
      if (await put(c, setPracticeErr)) toast('Loaded the practice catalog: made-up values, every name says “Practice”.', 'ok');
    } catch (e) { setPracticeErr(e); }
  };

  const secs = sections(cat, withPicks(cat, kinds));
  const ql = q.trim().toLowerCase();
  const match = (sec, e, i) => !ql || nameIn(sec, e, i).toLowerCase().includes(ql);
  const exportText = saved ? JSON.stringify(saved, null, 1) : '';
  const exportHref = saved ? 'data:application/json;charset=utf-8,' + encodeURIComponent(exportText) : undefined;

  return html`<div class="catalog-page">
    <h1>The owner’s catalog: ${info.title}</h1>
    ${games.length > 1 ? html`<p class="row">${games.map((g) => html`<a key=${g.rules} class=${'btn' + (g.rules === info.rules ? ' primary' : '')} href=${'#/catalog/' + g.rules}>${g.title}</a>`)}</p>` : null}
    <p class="muted">The values printed on your copy of the game that the rules do not give. Enter them once; every new game uses them. Share them with other owners as a file.</p>
    ${!saved ? html`<p class="warn" id="no-catalog">No catalog is saved yet for ${info.title}. Import a file or enter the entries below: every new game uses them.</p>` : null}
    ${info.practice ? html`<div class="practice">
      <button class="big" id="load-practice" onClick=${loadPractice}>${PRACTICE_LABEL}</button>
      <${ErrorBox} err=${practiceErr} />
    </div>` : null}
    <div class="row filebar">
      <label class="btn" for="catalog-file">Import a catalog file</label>
      <input type="file" id="catalog-file" accept=".json,application/json" class="visually-hidden" onChange=${importFile} />
      ${saved ? html`<a class="btn" id="catalog-export" href=${exportHref} download=${`catalog-${info.rules}.json`}>Export (download the file)</a>` : null}
    </div>
    <${ErrorBox} err=${importErr} />
    ${draft ? html`<div class="draft" id="catalog-draft">
      <p>Changes not saved yet: the server did not accept the catalog as it is (kept on this device).</p>
      <div class="row">
        <button class="btn primary" id="save-draft" onClick=${() => put(draft, setSaveErr)}>Try saving again</button>
        <button class="btn" id="forget-draft" onClick=${() => { setDraft(null); setSaveErr(null); }}>Forget the changes</button>
      </div>
      <${ErrorBox} err=${saveErr} />
    </div>` : null}
    <input type="search" id="catalog-q" placeholder="Search by name" aria-label="Search the catalog by name" value=${q} onInput=${(e) => setQ(e.currentTarget.value)} />
    ${secs.map((sec) => html`<${SectionView} key=${sec.key} sec=${sec} cat=${cat} match=${match} open=${open} setOpen=${(x) => { setOpen(x); setFormErr(null); }}
      formErr=${formErr} saveEntry=${saveEntry} deleteEntry=${deleteEntry} saveWords=${saveWords} />`)}
  </div>`;
}

/**
 * SectionView is one list of the catalog: its entries (filtered by the
 * search), each opening its form, and "Add".
 */
function SectionView({ sec, cat, match, open, setOpen, formErr, saveEntry, deleteEntry, saveWords }) {
  const v = cat[sec.key];
  const id = 'sec-' + sec.key;
  if (sec.shape === 'words') {
    const key = sec.key + ':words';
    return html`<section class="catsec" id=${id}><h2>${sec.label}</h2>
      ${open === key ? html`<${WordsForm} sec=${sec} v=${v} err=${formErr} save=${saveWords} cancel=${() => setOpen(null)} />`
        : html`<p>${(v || []).join(', ') || html`<span class="muted">none</span>`}</p><button class="btn" data-edit=${key} onClick=${() => setOpen(key)}>Edit</button>`}
    </section>`;
  }
  if (sec.shape === 'other') {
    return html`<section class="catsec" id=${id}><h2>${sec.label}</h2>
      <p class="muted">Kept as imported (no form for these values: edit them in the file).</p>
      <pre class="mono">${JSON.stringify(v, null, 1)}</pre></section>`;
  }
  const k = /** @type {Kind} */ (sec.kind);
  const entries = entriesOf(sec, cat);
  const single = sec.shape === 'one' || sec.shape === 'fields';
  const newKey = sec.key + ':new';
  return html`<section class="catsec" id=${id} data-kind=${k.id}>
    <h2>${sec.label} <span class="muted">${entries.length}</span></h2>
    ${k.help ? html`<p class="muted">${k.help}</p>` : null}
    <ul class="entries">${entries.map((e, i) => {
      if (!match(sec, e, i)) return null;
      const key = sec.key + ':' + i;
      const name = nameIn(sec, e, i);
      return html`<li key=${key} class="entry">
        ${open === key ? html`<${EntryForm} kind=${k} entry=${e} title=${name} siblings=${entries} err=${formErr}
            save=${(x) => saveEntry(sec, single ? 0 : i, x)} del=${() => deleteEntry(sec, i)} cancel=${() => setOpen(null)} />`
          : html`<button class="entrybtn" data-entry=${name} onClick=${() => setOpen(key)}>${name}</button>`}
      </li>`;
    })}</ul>
    ${single && entries.length ? null : open === newKey
      ? html`<${EntryForm} kind=${k} entry=${null} siblings=${entries} err=${formErr} save=${(x) => saveEntry(sec, -1, x)} cancel=${() => setOpen(null)} />`
      : html`<button class="btn" data-add=${k.id} onClick=${() => setOpen(newKey)}>+ Add: ${k.label}</button>`}
  </section>`;
}

function WordsForm({ sec, v, err, save, cancel }) {
  const area = useRef(/** @type {HTMLTextAreaElement|null} */ (null));
  return html`<div class="entryform">
    <label>${sec.label}, one a line<textarea ref=${area} rows="5" defaultValue=${(v || []).join('\n')}></textarea></label>
    <div class="row"><button class="btn primary" data-act="save-entry" onClick=${() => save(sec.key, area.current.value)}>Save</button>
      <button class="btn" onClick=${cancel}>Cancel</button></div>
    <${ErrorBox} err=${err} />
  </div>`;
}

/**
 * EntryForm is the labelled form of one entry: only the fields that apply
 * (a field's when condition is checked as the owner types), Save, Delete.
 */
function EntryForm({ kind, entry, title = '', siblings, err, save, del, cancel }) {
  const [v, setV] = useState(() => toForm(kind.fields || [], entry));
  const [bad, setBad] = useState(/** @type {any} */ (null));
  const submit = () => {
    let out;
    // A new entry's made-up id comes from its name (the field is not shown).
    const idField = (kind.fields || []).find(madeUpId);
    const val = idField && !v.id ? { ...v, id: newId(v.name || kind.label, siblings) } : v;
    try { out = fromForm(kind.fields || [], val, entry, siblings); } catch (e) { setBad({ message: e.message }); return; }
    setBad(null);
    save(out);
  };
  return html`<div class="entryform" data-kind=${kind.id}>
    <h3>${entry ? title || entryName(entry, kind) : 'New: ' + kind.label}</h3>
    <${Fields} fields=${kind.fields || []} v=${v} set=${setV} prefix=${kind.id} />
    <div class="row">
      <button class="btn primary" data-act="save-entry" onClick=${submit}>Save</button>
      <button class="btn" data-act="cancel-entry" onClick=${cancel}>Cancel</button>
      ${del ? html`<button class="btn danger" data-act="delete-entry" onClick=${() => { if (confirm(`Delete ${title || entryName(entry, kind)} from the catalog?`)) del(); }}>Delete</button>` : null}
    </div>
    <${ErrorBox} err=${bad || err} />
  </div>`;
}

function Fields({ fields, v, set, prefix }) {
  const upd = (id, x) => set({ ...v, [id]: x });
  return html`${fields.filter((f) => shown(f, v) && !madeUpId(f)).map((f) => {
    const id = `f-${prefix}-${f.id}`;
    const lab = f.label + (f.required ? '' : ' (optional)');
    const help = f.help ? html`<span class="muted help">${f.help}</span>` : null;
    let input;
    switch (f.kind) {
      case 'bool':
        return html`<div class="field" key=${f.id}><label class="check" for=${id}><input type="checkbox" id=${id} data-field=${f.id} checked=${v[f.id]} onChange=${(e) => upd(f.id, e.currentTarget.checked)} /> ${f.label}</label>${help}</div>`;
      case 'choice':
        input = html`<select id=${id} data-field=${f.id} value=${v[f.id]} onChange=${(e) => upd(f.id, e.currentTarget.value)}>
          ${f.required && v[f.id] ? null : html`<option value="">—</option>`}
          ${(f.choices || []).map((c) => html`<option key=${c.value} value=${c.value}>${c.label}</option>`)}</select>`;
        break;
      case 'number':
        input = html`<input type="number" inputmode="numeric" id=${id} data-field=${f.id} value=${v[f.id]} onInput=${(e) => upd(f.id, e.currentTarget.value)} />`;
        break;
      case 'list':
        if (groups(f)) {
          const items = Array.isArray(v[f.id]) ? v[f.id] : [];
          const w = one(f.label);
          const put = (/** @type {any[]} */ xs) => upd(f.id, xs);
          return html`<fieldset class="field groups" key=${f.id} data-groups=${f.id}><legend>${lab}</legend>${help}
            ${items.map((it, i) => html`<fieldset class="group" key=${i} data-group=${`${f.id}-${i + 1}`}><legend>${w} ${i + 1}</legend>
              <${Fields} fields=${f.fields} v=${it} set=${(y) => put(items.map((z, j) => (j === i ? y : z)))} prefix=${`${prefix}-${f.id}-${i + 1}`} />
              <button class="btn" data-act=${'remove-' + f.id} onClick=${() => put(items.filter((_, j) => j !== i))}>Remove ${w.toLowerCase()} ${i + 1}</button>
            </fieldset>`)}
            <button class="btn" data-act=${'add-' + f.id} onClick=${() => put([...items, newGroup(f.fields || [])])}>+ Add ${/^[aeiou]/i.test(w) ? 'an' : 'a'} ${w.toLowerCase()}</button></fieldset>`;
        }
        // Ticks; an entry is never offered as a pick of its own kind's list
        // (a zone does not border itself).
        if (f.choices && f.choices.length) {
          const have = new Set(String(v[f.id]).split('\n').filter(Boolean));
          const toggle = (c) => { if (have.has(c)) have.delete(c); else have.add(c); upd(f.id, [...have].join('\n')); };
          return html`<fieldset class="field" key=${f.id}><legend>${lab}</legend>${help}
            ${f.choices.filter((c) => !(f.from === prefix && c.value === v.id)).map((c) => html`<label class="check" key=${c.value}><input type="checkbox" data-field=${f.id} data-value=${c.value} checked=${have.has(c.value)} onChange=${() => toggle(c.value)} /> ${c.label}</label>`)}</fieldset>`;
        }
        input = html`<textarea id=${id} data-field=${f.id} rows="3" placeholder="one a line" value=${v[f.id]} onInput=${(e) => upd(f.id, e.currentTarget.value)}></textarea>`;
        break;
      case 'object':
        if (f.fields && f.fields.length) {
          return html`<fieldset class="field" key=${f.id}><legend>${lab}</legend>${help}
            <${Fields} fields=${f.fields} v=${v[f.id]} set=${(x) => upd(f.id, x)} prefix=${prefix + '-' + f.id} /></fieldset>`;
        }
        input = html`<textarea id=${id} data-field=${f.id} rows="3" placeholder="key: value, one a line" value=${v[f.id]} onInput=${(e) => upd(f.id, e.currentTarget.value)}></textarea>`;
        break;
      default:
        input = html`<input id=${id} data-field=${f.id} autocomplete="off" value=${v[f.id]} onInput=${(e) => upd(f.id, e.currentTarget.value)} />`;
    }
    return html`<div class="field" key=${f.id}><label for=${id}>${lab}</label>${input}${help}</div>`;
  })}`;
}

/**
 * withPicks gives every field that refers to another kind's entries (its
 * "from") those entries as its choices, by name, from the catalog as it is
 * now: the form then offers them to tap (a list as ticks, one as a list to
 * pick from) instead of asking for ids. A value the catalog no longer has
 * is not offered: saving keeps it, and the server's refusal names it.
 * @param {any} cat
 * @param {Kind[]} kinds
 * @returns {Kind[]}
 */
export function withPicks(cat, kinds) {
  const secs = sections(cat, kinds);
  const pick = (/** @type {Field} */ f) => {
    const sec = secs.find((s) => s.kind && s.kind.id === f.from);
    if (!sec) return f;
    const entries = entriesOf(sec, cat).filter((e) => isObj(e) && e.id !== undefined && e.id !== '');
    return { ...f, choices: entries.map((e, i) => ({ value: String(e.id), label: entryName(e, sec.kind, i) })) };
  };
  return kinds.map((k) => ((k.fields || []).some((f) => f.from) ? { ...k, fields: (k.fields || []).map((f) => (f.from ? pick(f) : f)) } : k));
}

/** PRACTICE_LABEL is the practice catalog's button, on every page offering it. */
export const PRACTICE_LABEL = 'Load the practice catalog (made-up values, not your copy’s)';

/**
 * loadPracticeCatalog saves the server's practice catalog of a game as its
 * catalog (the same checks as an imported file) and returns the saved
 * catalog. The caller asks first when a catalog is saved already.
 * @param {string} rules
 */
export async function loadPracticeCatalog(rules) {
  const c = await call('GET', `/api/rules/${encodeURIComponent(rules)}/practice-catalog`);
  return call('PUT', `/api/rules/${encodeURIComponent(rules)}/catalog`, { body: c });
}

/**
 * catalogMissing says whether a game needs an owner's catalog that is not
 * saved yet (false when it needs none, or on a server error: the new-game
 * form then says what the server refuses).
 * @param {any} info one entry of GET /api/rules
 * @returns {Promise<boolean>}
 */
export async function catalogMissing(info) {
  if (!info || !(info.catalogKinds || []).length) return false;
  try {
    const r = await call('GET', `/api/rules/${encodeURIComponent(info.rules)}/catalog`);
    return !r.catalog;
  } catch { return false; }
}

