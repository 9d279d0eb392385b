// Building the page: every piece of text goes in as a text node, never as HTML.

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        el.addEventListener(key.slice(2).toLowerCase(), value);
      } else if (key === "class") {
        el.className = value;
      } else if (key === "dataset") {
        Object.assign(el.dataset, value);
      } else if (key === "value") {
        el.value = value;
      } else if (key === "checked" || key === "disabled" || key === "selected") {
        el[key] = Boolean(value);
      } else {
        el.setAttribute(key, value === true ? "" : String(value));
      }
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function replace(el, ...children) {
  clear(el);
  return append(el, children);
}

let uid = 0;
export function nextId(prefix = "f") {
  uid += 1;
  return `${prefix}-${uid}`;
}

// A labelled form field: returns the wrapper; the control is wrapper.control.
export function field(label, control, hint) {
  const id = control.id || nextId();
  control.id = id;
  const hintEl = hint ? h("small", { class: "hint", id: `${id}-hint` }, hint) : null;
  if (hintEl) control.setAttribute("aria-describedby", hintEl.id);
  const wrap = h("div", { class: "field" }, h("label", { for: id }, label), control, hintEl);
  wrap.control = control;
  return wrap;
}

export function toast(message, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div", { class: `toast ${kind}` }, message);
  box.appendChild(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
}

export function setStatus(...children) {
  const el = document.getElementById("status");
  if (el) replace(el, ...children);
}

export function formatSeconds(seconds) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "";
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  return m ? `${m}:${String(s % 60).padStart(2, "0")}` : `${s}s`;
}

// Names at the table: the same rules as the server's (server/app.py name_problem), checked
// before sending so that a person is told at once, and in the same words.
export const NAME_LIMIT = 24;
export const NAME_HINT = `Up to ${NAME_LIMIT} characters: letters, digits, spaces and - ' .`;
const RESERVED_NAMES = new Set(["storyteller", "everyone", "nobody", "someone", "moderator", "narrator", "you"]);

export function nameProblem(raw) {
  const name = String(raw || "").normalize("NFC").split(/\s+/).filter(Boolean).join(" ");
  if (!name) return "Please type a name.";
  if (name.length > NAME_LIMIT) return `A name may be at most ${NAME_LIMIT} characters long; this one has ${name.length}.`;
  if (![...name].every((ch) => /[\p{L}\p{N}]/u.test(ch) || " -'.".includes(ch))) return "Names may use letters, digits, spaces and - ' . only.";
  if (!/\p{L}/u.test(name)) return "A name needs at least one letter.";
  if (RESERVED_NAMES.has(name.toLowerCase())) return `The game itself uses the word \u201c${name}\u201d; please choose another name.`;
  if (/^bot\s*\d*$/i.test(name)) return "Names like \u201cBot 2\u201d would look like a bot's; please choose another name.";
  return null;
}

// A name box: the limit is shown (maxlength and the hint) rather than text silently cut.
export function nameInput() {
  return h("input", { type: "text", required: true, maxlength: NAME_LIMIT, autocomplete: "nickname", name: "name" });
}

// Checks a name box before a form is sent: says why in `error` (and focuses the box) when the
// name would be refused. Returns true if it was.
export function refuseName(input, error) {
  const problem = nameProblem(input.value);
  if (!problem) return false;
  error.textContent = problem;
  input.setAttribute("aria-invalid", "true");
  input.focus();
  return true;
}
