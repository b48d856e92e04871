// @ts-check
// patch.js: applies the RFC 6902 patches the server sends a socket opened
// with patches=1 (see live.js): after the first full view, each update is a
// patch of the snapshot this page holds. Only what the server makes is
// taken: "add", "remove" and "replace", with JSON-pointer paths, arrays by
// index.
//
// The snapshot handed out before is never changed: the objects and arrays
// on each changed path are copied and the rest is shared, so a component
// still holding the old snapshot sees the old one, and an unchanged part
// keeps its identity. It imports nothing: the bench harness (Node) applies
// patches with this same file.

/**
 * @typedef {{op: string, path: string, value?: any}} PatchOp
 */

/**
 * applyPatch returns doc with the patch applied, leaving doc as it was.
 * It throws when the patch does not fit doc (a missing member, an index
 * out of range, an unknown operation): the caller then asks for the full
 * view rather than show a wrong state.
 * @param {any} doc
 * @param {PatchOp[]} ops
 * @returns {any}
 */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new Error('a patch is a list of operations');
  // Containers made by this patch (copies, or values it added): changed in
  // place by the operations after.
  const mine = new WeakSet();
  /** @param {any} c */
  const own = (c) => {
    if (mine.has(c)) return c;
    const copy = Array.isArray(c) ? c.slice() : { ...c };
    mine.add(copy);
    return copy;
  };
  let root = doc;
  for (const op of ops) {
    if (!op || typeof op.path !== 'string') throw new Error('an operation without a path');
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') throw new Error(`operation ${op.op} is not add, remove or replace`);
    if (op.op !== 'remove' && !('value' in op)) throw new Error(`${op.op} ${op.path} has no value`);
    if (op.path === '') {
      if (op.op === 'remove') throw new Error('cannot remove the whole document');
      root = op.value;
      continue;
    }
    if (op.path[0] !== '/') throw new Error(`path ${op.path} does not start with /`);
    const toks = op.path.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    // Assigning __proto__ would change an object's prototype, not add a
    // member: such a patch is refused and the full view asked for.
    if (toks.includes('__proto__')) throw new Error(`${op.path}: a member named __proto__`);
    if (!isContainer(root)) throw new Error(`${op.path}: the document is not an object or array`);
    root = own(root);
    let parent = root;
    for (let i = 0; i < toks.length - 1; i++) {
      const key = Array.isArray(parent) ? index(toks[i], parent.length, false) : member(parent, toks[i]);
      const child = parent[key];
      if (!isContainer(child)) throw new Error(`${op.path}: ${toks[i]} is not an object or array`);
      parent = parent[key] = own(child);
    }
    const last = toks[toks.length - 1];
    if (Array.isArray(parent)) {
      const i = index(last, parent.length, op.op === 'add');
      if (op.op === 'add') parent.splice(i, 0, op.value);
      else if (op.op === 'remove') parent.splice(i, 1);
      else parent[i] = op.value;
    } else {
      if (op.op !== 'add') member(parent, last);
      if (op.op === 'remove') delete parent[last];
      else parent[last] = op.value;
    }
  }
  return root;
}

/** @param {any} v */
function isContainer(v) { return v !== null && typeof v === 'object'; }

/**
 * member checks that obj has its own member key and returns the key.
 * @param {any} obj
 * @param {string} key
 */
function member(obj, key) {
  if (!Object.prototype.hasOwnProperty.call(obj, key)) throw new Error(`no member ${key}`);
  return key;
}

/**
 * index reads an array index: digits without a leading zero, or "-" (the
 * end) for an add, which may also name the index just past the end.
 * @param {string} tok
 * @param {number} n the array's length
 * @param {boolean} adding
 */
function index(tok, n, adding) {
  if (adding && tok === '-') return n;
  if (!/^(0|[1-9][0-9]*)$/.test(tok)) throw new Error(`${tok} is not an array index`);
  const i = Number(tok);
  if (i > n || (i === n && !adding)) throw new Error(`index ${i} is out of the array's ${n} elements`);
  return i;
}
