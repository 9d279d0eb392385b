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
