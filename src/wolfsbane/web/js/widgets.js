// Pieces shared by the seat, board and moderator screens.

import { formatSeconds, h, nextId, replace, toast } from "./dom.js";
import {
  CHAT_KINDS, aboutText, audienceNote, decisionPrompt, describe, eventIcon, isNight, phaseLabel, roleName, talkBadge,
  talkText,
} from "./text.js";
import { handLabel } from "./square.js";

const DEFAULT_MESSAGE_LENGTH = 500; // the engine's limit for a channel that sets none

// -- clocks ------------------------------------------------------------------------------------

export function remaining(session, deadline) {
  if (!deadline) return null;
  return deadline - (Date.now() / 1000 + session.skew);
}

// An element whose text counts down to `deadline` (server seconds); refreshed by tickClocks.
export function countdown(deadline, label = "") {
  return h("span", { class: "countdown", dataset: { deadline: String(deadline || ""), label } });
}

export function tickClocks(root, session) {
  for (const el of root.querySelectorAll(".countdown")) {
    const deadline = Number(el.dataset.deadline);
    if (!deadline) {
      el.textContent = "";
      continue;
    }
    if (session.clock && session.clock.paused) {
      el.textContent = "paused";
      el.classList.remove("urgent");
      continue;
    }
    const left = remaining(session, deadline);
    el.textContent = `${el.dataset.label || ""}${formatSeconds(left)}`;
    el.classList.toggle("urgent", left !== null && left <= 10);
  }
}

export function phaseHeader(session) {
  const view = session.view;
  const night = isNight(view.phase, view.edition);
  const setup = view.phase === "setup";
  const clock = session.clock || {};
  return h("div", { class: `phase ${setup ? "setup" : night ? "night" : "day"}` },
    h("span", { class: "phase-icon", "aria-hidden": "true" }, setup ? "▣" : night ? "☾" : "☀"),
    h("h2", { class: "phase-name" }, phaseLabel(view.phase)),
    clock.paused ? h("span", { class: "badge warn" }, "Paused")
      // every turn of the night is over: dawn waits for the night's clock
      : clock.curtain ? countdown(clock.curtain.until, "dawn in ")
        : countdown(clock.phase_deadline, "ends in "));
}

// -- decisions ---------------------------------------------------------------------------------

function answerDisplay(value) {
  if (value === null || value === undefined) return "skipped";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") {
    return Object.entries(value).map(([part, answer]) => `${part}: ${answerDisplay(answer)}`).join("; ");
  }
  return String(value);
}

// A control for one number, or for one part of a composite (PARTS) decision: a number input,
// or a picker of the part's choices. `read()` gives the answer, or undefined when the entry
// is not one (with the reason in `problem`).
function answerControl(ed, d, label) {
  if (d.kind === "number") {
    const input = h("input", { type: "number", min: d.min, max: d.max, step: 1, "aria-label": label });
    const problem = `Give a whole number from ${d.min} to ${d.max}.`;
    return {
      el: input, problem,
      read() {
        if (input.value === "") return d.optional ? null : undefined;
        const n = Number(input.value);
        return Number.isInteger(n) && n >= d.min && n <= d.max ? n : undefined;
      },
    };
  }
  const select = h("select", { "aria-label": label },
    h("option", { value: "" }, d.optional ? "(none)" : "Choose…"),
    (d.choices || []).map((choice) => h("option", { value: choice }, choiceLabel(ed, d, choice))));
  return {
    el: select, problem: `Choose the ${label}.`,
    read() {
      if (select.value === "") return d.optional ? null : undefined;
      return select.value;
    },
  };
}

// One open decision as buttons / pickers; `send(answer)` returns the server's reply.
export function decisionCard(session, d, { onAnswer, showSeat = false, suggestion = false } = {}) {
  const ed = session.view.edition;
  const deadline = session.clock && session.clock.deadlines ? session.clock.deadlines[String(d.id)] : null;
  const status = h("p", { class: "decision-status", "aria-live": "polite" });
  const card = h("section", { class: "decision", "aria-label": decisionPrompt(ed, d, session.view.seat), dataset: { decision: String(d.id), name: d.name } });
  let busy = false;

  async function send(answer) {
    if (busy) return;
    busy = true;
    for (const b of card.querySelectorAll("button, input")) b.disabled = true;
    status.textContent = "Sending…";
    const reply = await onAnswer(d, answer);
    if (reply && reply.type === "error") {
      busy = false;
      for (const b of card.querySelectorAll("button, input")) b.disabled = false;
      status.textContent = reply.detail || "That did not work.";
      toast(reply.detail || "That did not work.", "error");
    } else {
      status.textContent = `Done: ${answerDisplay(answer)}.`;
      card.classList.add("answered");
    }
  }

  const title = h("div", { class: "decision-head" },
    h("h3", null, showSeat ? `${d.seat === "storyteller" ? "Storyteller" : d.seat}: ` : "", decisionPrompt(ed, d, session.view.seat)),
    countdown(deadline, "time left: "));
  const body = h("div", { class: "decision-body" });
  if (d.about) body.appendChild(h("p", { class: "about" }, `About: ${aboutText(ed, d.about)}`));

  if (d.kind === "yes-no") {
    body.appendChild(h("div", { class: "choices" },
      h("button", { type: "button", class: "choice yes", onclick: () => send(true) }, "Yes"),
      h("button", { type: "button", class: "choice no", onclick: () => send(false) }, "No")));
  } else if (d.kind === "arrange") {
    const proposal = d.suggestion ?? d.default ?? null;
    if (Array.isArray(proposal) && proposal.every((x) => typeof x === "string")) {
      const seats = (session.view.players || []).map((p) => p.name);
      body.appendChild(h("p", { class: "hint" }, "The automatic suggestion:"));
      body.appendChild(h("ol", { class: "deal" }, proposal.map((item, i) => h("li", null,
        h("span", { class: "pname" }, seats[i] || "centre"), ": ", roleName(ed, item)))));
    }
    const area = h("textarea", { rows: 3, "aria-label": "Answer (JSON)" });
    area.value = JSON.stringify(proposal);
    body.appendChild(h("details", { class: "more" }, h("summary", null, "Change it (JSON)"), area));
    body.appendChild(h("div", { class: "choices" },
      h("button", { type: "button", class: "primary", onclick: () => send(d.suggestion) }, "Use the suggestion"),
      h("button", { type: "button", onclick: () => {
        try {
          send(JSON.parse(area.value));
        } catch {
          toast("That is not valid JSON.", "error");
        }
      } }, "Send my answer")));
  } else if (d.kind === "number" || d.kind === "parts") {
    const controls = d.kind === "number"
      ? [[null, answerControl(ed, d, "A number")]]
      : Object.entries(d.parts || {}).map(([name, part]) => [name, answerControl(ed, part, name)]);
    const group = h("fieldset", { class: `answer-${d.kind}` },
      controls.map(([name, control]) => (name === null ? control.el
        : h("label", { class: "part" }, h("span", { class: "part-name" }, `${name}: `), control.el))));
    body.appendChild(group);
    body.appendChild(h("div", { class: "choices" },
      h("button", { type: "button", class: "primary", onclick: () => {
        const answer = {};
        for (const [name, control] of controls) {
          const value = control.read();
          if (value === undefined) {
            status.textContent = control.problem;
            return;
          }
          if (name === null) {
            send(value);
            return;
          }
          answer[name] = value;
        }
        send(answer);
      } }, "Confirm")));
  } else if (d.max > 1) {
    const boxes = d.choices.map((choice) => {
      const box = h("input", { type: "checkbox", value: choice, name: `d${d.id}` });
      return h("label", { class: "check" }, box, " ", choiceLabel(ed, d, choice));
    });
    const fieldset = h("fieldset", { class: "multi" },
      h("legend", null, `Pick ${d.min === d.max ? d.max : `${d.min} to ${d.max}`}`), boxes);
    body.appendChild(fieldset);
    body.appendChild(h("div", { class: "choices" },
      h("button", { type: "button", class: "primary", onclick: () => {
        const picked = [...fieldset.querySelectorAll("input:checked")].map((b) => b.value);
        if (picked.length < d.min || picked.length > d.max) {
          status.textContent = `Pick ${d.min === d.max ? d.max : `${d.min} to ${d.max}`}.`;
          return;
        }
        send(picked);
      } }, "Confirm")));
  } else {
    body.appendChild(h("div", { class: "choices", role: "group", "aria-label": "Choices" },
      d.choices.map((choice) => h("button", {
        type: "button",
        class: `choice${suggestion && d.suggestion === choice ? " suggested" : ""}`,
        onclick: () => send(choice),
      }, choiceLabel(ed, d, choice)))));
  }
  const extra = h("div", { class: "choices secondary" });
  if (d.optional && d.kind !== "yes-no") {
    extra.appendChild(h("button", { type: "button", class: "skip", onclick: () => send(null) },
      d.name === "vote" ? "Abstain" : "Skip"));
  }
  if (suggestion && d.suggestion !== undefined && d.kind !== "arrange") {
    extra.appendChild(h("button", { type: "button", class: "primary", onclick: () => send(d.suggestion) },
      `Use the suggestion: ${answerDisplay(d.suggestion)}`));
  }
  if (extra.childNodes.length) body.appendChild(extra);
  append2(card, title, body, status);
  return card;
}

function append2(el, ...children) {
  for (const c of children) el.appendChild(c);
}

function choiceLabel(ed, d, choice) {
  const r = roleName(ed, choice);
  return r && r !== choice ? r : String(choice);
}

// -- the table ---------------------------------------------------------------------------------

export function playerList(session, { showRoles = false, me = null, extra = null } = {}) {
  const ed = session.view.edition;
  const players = session.view.players || [];
  // whether a seat is a bot: the host always knows, everyone else if the host shows it
  const bots = new Set(((session.info && session.info.seats) || []).filter((seat) => seat.bot).map((seat) => seat.name));
  return h("ul", { class: "players", "aria-label": "Players" },
    players.map((p) => {
      const markers = (p.markers || []).map((m) => h("span", { class: `badge marker-${m}` }, m));
      const roleText = p.role ? roleName(ed, p.role) : "";
      return h("li", { class: `player${p.alive ? "" : " dead"}${p.name === me ? " me" : ""}`, dataset: { name: p.name } },
        h("span", { class: "status-dot", "aria-hidden": "true" }, p.alive ? "●" : "✝"),
        h("span", { class: "pname" }, p.name, p.name === me ? " (you)" : ""),
        h("span", { class: "sr-only" }, p.alive ? ", alive" : ", dead"),
        bots.has(p.name) ? h("span", { class: "badge bot" }, "bot") : null,
        (showRoles || !p.alive || p.role) && roleText ? h("span", { class: `prole team-${p.team || ""}` }, roleText) : null,
        markers,
        extra ? extra(p) : null);
    }));
}

// -- history -----------------------------------------------------------------------------------

export function timeline(ed, events, { seat = null, filter = null, audience = false, newestFirst = false } = {}) {
  // events grouped under the phase they happened in; newest first on the live screens, so
  // that what just happened is at the top without scrolling
  const groups = [];
  let current = null;
  for (const e of events) {
    if (filter && !filter(e)) continue;
    if (e.kind === "PhaseBegan" || !current || e.phase !== current.phase) {
      current = { phase: e.phase, label: phaseLabel(e.kind === "PhaseBegan" ? e.phase_name || e.phase : e.phase), items: [] };
      groups.push(current);
      if (e.kind === "PhaseBegan") continue;
    }
    const note = audience ? audienceNote(ed, e) : "";
    const who = note ? h("span", { class: "audience" }, note) : null;
    current.items.push(h("li", { class: `tl-event kind-${e.kind}` },
      h("span", { class: "tl-icon", "aria-hidden": "true" }, eventIcon(e)),
      h("span", { class: "tl-text" }, describe(ed, e, seat)), who));
  }
  if (newestFirst) {
    groups.reverse();
    for (const g of groups) g.items.reverse();
  }
  const out = h("ol", { class: `timeline${newestFirst ? " newest-first" : ""}` });
  for (const g of groups) {
    out.appendChild(h("li", { class: `tl-phase ${isNight(g.phase) ? "night" : "day"}` }, g.label));
    for (const item of g.items) out.appendChild(item);
  }
  return out;
}

// -- chat --------------------------------------------------------------------------------------

export class Chat {
  // channels: names the seat may speak on now; send(channel, message) -> reply.
  constructor(session, { seat = null, hideVillage = false, anyChannel = false, onSend }) {
    this.session = session;
    this.anyChannel = anyChannel;
    this.seat = seat;
    this.hideVillage = hideVillage;
    this.onSend = onSend;
    this.active = null;
    this.el = h("section", { class: "card chat", "aria-labelledby": "chat-title" });
    this.tabs = h("div", { class: "tabs", role: "tablist", "aria-label": "Channels" });
    // focusable, so that a keyboard can scroll it
    this.log = h("ol", { class: "chat-log", "aria-live": "polite", "aria-label": "Messages", tabindex: 0 });
    this.counter = h("small", { class: "chat-count hint", id: nextId("chat-count") });
    this.input = h("input", {
      // no maxlength: the browser would cut a pasted message silently; the count warns instead
      type: "text", "aria-label": "Message", placeholder: "Say something…",
      autocomplete: "off", "aria-describedby": this.counter.id, oninput: () => this.count(),
    });
    this.form = h("form", { class: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.sendText(); } },
      h("div", { class: "chat-row" }, this.input, h("button", { type: "submit", class: "primary" }, "Send")), this.counter);
    this.helpers = h("div", { class: "talk-helpers" });
    this.helperForm = h("div", { class: "helper-form" });
    this.closedNote = h("p", { class: "hint" });
    this.el.append(h("h2", { id: "chat-title" }, "Talk"), this.tabs, this.log, this.closedNote, this.form, this.helpers, this.helperForm);
    this.buildHelpers();
    this.lastCount = -1;
  }

  channelsKnown() {
    const seen = new Set(this.session.view.channels || []);
    for (const e of this.session.events()) if (CHAT_KINDS.has(e.kind)) seen.add(e.channel);
    let names = [...seen];
    if (this.hideVillage) names = names.filter((c) => c !== "village");
    const order = ["village", "werewolves", "graveyard"];
    names.sort((a, b) => (order.indexOf(a) + 10) % 13 - (order.indexOf(b) + 10) % 13 || a.localeCompare(b));
    return names;
  }

  update() {
    let open = this.session.view.channels || [];
    let names = this.channelsKnown();
    if (this.anyChannel) {
      // the moderator speaks for a taken-over seat: the server says if the channel is open
      const all = ((this.session.edition && this.session.edition.channels) || []);
      names = [...new Set([...names, ...all])];
      open = this.seat ? names : [];
    }
    this.el.hidden = names.length === 0;
    if (!names.length) return;
    if (!names.includes(this.active) || (open.length && !open.includes(this.active) && this.autoSwitch)) {
      this.active = open.find((c) => names.includes(c)) || names[0];
      this.autoSwitch = true;
    }
    replace(this.tabs, names.map((name) => h("button", {
      type: "button", role: "tab", class: `tab${name === this.active ? " active" : ""}`,
      "aria-selected": name === this.active ? "true" : "false",
      onclick: () => { this.active = name; this.autoSwitch = false; this.lastCount = -1; this.update(); },
    }, name, open.includes(name) ? h("span", { class: "open-dot", title: "open now" }, " •") : null)));
    const ed = this.session.view.edition;
    const messages = this.session.events().filter((e) => CHAT_KINDS.has(e.kind) && e.channel === this.active);
    if (messages.length !== this.lastCount || this.activeShown !== this.active) {
      const atBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
      replace(this.log, messages.length ? messages.map((e) => {
        const badge = talkBadge(e.message, e.during);
        return h("li", { class: `msg${e.player === this.seat ? " mine" : ""}` },
          h("span", { class: "who" }, e.kind === "Overheard" ? "someone" : e.player),
          badge ? h("span", { class: `badge talk-${e.message.type}` }, badge) : null,
          h("span", { class: "what" }, talkText(ed, e.message, e.player, e.during)));
      }) : h("li", { class: "hint" }, "No messages yet."));
      if (atBottom || this.activeShown !== this.active) this.log.scrollTop = this.log.scrollHeight;
      this.lastCount = messages.length;
      this.activeShown = this.active;
    }
    const canSpeak = open.includes(this.active) && this.seat;
    this.limit = ((this.session.view.channel_limits || {})[this.active]) || null;
    this.maxLength = (this.limit && this.limit.length) || DEFAULT_MESSAGE_LENGTH;
    this.count();
    this.form.hidden = !canSpeak;
    this.helpers.hidden = !canSpeak;
    if (!canSpeak) this.helperForm.hidden = true;
    this.closedNote.textContent = canSpeak ? "" : `The ${this.active} channel is closed right now.`;
  }

  async post(message) {
    const reply = await this.onSend(this.active, message);
    if (reply && reply.type === "error") toast(reply.detail || "The message was not sent.", "error");
    return reply;
  }

  // The live count under the box: characters used of the channel's limit, and messages left
  // this phase where the channel counts them.
  count() {
    const length = this.maxLength || DEFAULT_MESSAGE_LENGTH;
    const used = this.input.value.length;
    const left = this.limit ? this.limit.messages_left : null;
    const parts = [`${used} / ${length} characters`];
    if (left !== null && left !== undefined) parts.push(left === 1 ? "1 message left this phase" : `${left} messages left this phase`);
    if (used > length) parts.push(`${used - length} too many: shorten it to send`);
    this.counter.textContent = parts.join(" · ");
    this.counter.classList.toggle("warn", used >= length || left === 0);
    this.input.setAttribute("aria-invalid", used > length ? "true" : "false");
  }

  async sendText() {
    const text = this.input.value.trim();
    if (!text) return;
    const length = this.maxLength || DEFAULT_MESSAGE_LENGTH;
    if (text.length > length) {
      toast(`A message here may be at most ${length} characters; yours has ${text.length}. Shorten it and send again.`, "error");
      return;
    }
    if (this.limit && this.limit.messages_left === 0) {
      toast("You have used all your messages on this channel for this phase.", "error");
      return;
    }
    const reply = await this.post(text);
    // the text stays in the box unless the server took it
    if (reply && reply.type !== "error") {
      this.input.value = "";
      this.count();
    }
  }

  buildHelpers() {
    const kinds = [
      ["claim", "Claim a role"], ["result", "Report a result"], ["accuse", "Accuse"],
      ["defend", "Defend"], ["vote", "Announce my vote"],
    ];
    for (const [kind, label] of kinds) {
      this.helpers.appendChild(h("button", { type: "button", class: "small", onclick: () => this.openHelper(kind) }, label));
    }
    this.helperForm.hidden = true;
  }

  openHelper(kind) {
    const view = this.session.view;
    const ed = view.edition;
    const catalog = this.session.edition;
    const others = (view.players || []).filter((p) => p.alive && p.name !== this.seat).map((p) => p.name);
    const everyone = (view.players || []).map((p) => p.name);
    const playerSelect = (names, withNobody) => h("select", { "aria-label": "Player" },
      withNobody ? h("option", { value: "" }, "nobody (I abstain)") : null,
      names.map((n) => h("option", { value: n }, n)));
    const roleSelect = () => h("select", { "aria-label": "Role", required: true },
      h("option", { value: "", disabled: true, selected: true }, "Choose a card"),
      (catalog ? catalog.roles : []).map((r) => h("option", { value: r.id }, r.name)));
    let controls = [];
    let build;
    if (kind === "claim") {
      const r = roleSelect();
      controls = [h("label", null, "I am the ", r)];
      build = () => ({ type: "claim", role: r.value });
    } else if (kind === "result") {
      const p = playerSelect(everyone);
      const what = h("select", { "aria-label": "Result" },
        h("option", { value: "ww-yes" }, "is a werewolf"),
        h("option", { value: "ww-no" }, "is not a werewolf"),
        (catalog ? catalog.roles : []).map((r) => h("option", { value: `role:${r.id}` }, `is the ${r.name}`)));
      controls = [h("label", null, "My power showed me that ", p), " ", what];
      build = () => {
        if (what.value.startsWith("role:")) return { type: "result", player: p.value, role: what.value.slice(5) };
        return { type: "result", player: p.value, werewolf: what.value === "ww-yes" };
      };
    } else {
      const p = playerSelect(others, kind === "vote");
      const words = { accuse: "I suspect ", defend: "I trust ", vote: "I will vote for " }[kind];
      controls = [h("label", null, words, p)];
      build = () => ({ type: kind, player: p.value || null });
    }
    replace(this.helperForm,
      h("form", { class: "helper", novalidate: true, onsubmit: async (ev) => {
        ev.preventDefault();
        const empty = [...ev.target.querySelectorAll("select[required]")].find((sel) => !sel.value);
        if (empty) {
          toast("Choose a card first.", "error");
          empty.focus();
          return;
        }
        const reply = await this.post(build());
        if (!reply || reply.type !== "error") this.helperForm.hidden = true;
      } }, controls, " ",
      h("button", { type: "submit", class: "primary small" }, "Say it"),
      h("button", { type: "button", class: "small", onclick: () => { this.helperForm.hidden = true; } }, "Cancel")));
    this.helperForm.hidden = false;
    const first = this.helperForm.querySelector("select");
    if (first) first.focus();
    void ed;
  }
}

// The seat's own card. `hidden`: shown face down (no name, no text, no team colour), for a phone
// lying on a table; `onToggle` gives the card its hide/show button.
export function roleCard(session, { hidden = false, onToggle = null } = {}) {
  const you = session.view.you;
  if (!you) return h("div");
  const ed = session.view.edition;
  const me = (session.view.players || []).find((p) => p.name === you.name) || {};
  const markers = me.markers || [];
  const toggle = onToggle ? h("button", {
    type: "button", class: "small card-toggle", id: "card-toggle", "aria-controls": "role-card-body",
    "aria-expanded": hidden ? "false" : "true", onclick: onToggle,
  }, hidden ? "Show my card" : "Hide my card") : null;
  const face = hidden
    ? h("div", { id: "role-card-body" }, h("p", { class: "hint" }, "Your card is hidden, with what you know and your channels, so that nobody near you can read them."))
    : h("div", { id: "role-card-body" },
      h("h2", { class: "role-name" }, roleName(ed, you.role) || "Not dealt yet"),
      you.team ? h("p", { class: "team" }, `You play for ${teamName2(you.team)}.`) : null,
      you.description ? h("p", { class: "description" }, you.description) : null,
      markers.length ? h("p", { class: "markers" }, markers.map((m) => h("span", { class: `badge marker-${m}` }, m))) : null);
  const team = hidden ? "none" : you.team || "none";
  return h("section", { class: `card role-card team-${team}${hidden ? " face-down" : ""}${you.alive ? "" : " dead"}`, "aria-label": "Your card" },
    h("div", { class: "card-top" }, h("p", { class: "eyebrow" }, "Your card"), toggle),
    face,
    you.alive ? null : h("p", { class: "badge dead-badge" }, "You are dead. You may still watch."));
}

function teamName2(team) {
  return { village: "the village", werewolves: "the werewolves", werehamster: "yourself alone" }[team] || team;
}

export function phaseIsNight(phase) {
  return isNight(phase);
}

// The host's controls during play: the clock, and removing someone (a bot takes the seat).
/** Redraw the host's controls in `container` when what they show has changed; keeps an open
 * <details> open. Returns the key to pass back next time. */
export function refreshHostBar(container, session, previousKey) {
  const key = JSON.stringify([session.isHost, session.clock && session.clock.paused,
    session.info && session.info.seats]);
  if (key === previousKey) return key;
  const open = container.querySelector("details[open]") !== null;
  const bar = hostBar(session);
  replace(container, bar);
  if (bar && open) bar.open = true;
  return key;
}

export function hostBar(session) {
  if (!session.isHost || session.me.kind === "moderator") return null;
  const paused = session.clock && session.clock.paused;
  const people = ((session.info && session.info.seats) || []).filter((s) => !s.bot && s.id && s.id !== session.me.id);
  const remove = async (seat) => {
    if (!window.confirm(`Remove ${seat.name}? A bot will play their seat.`)) return;
    const r = await fetch(`/api/games/${session.code}/participants/${encodeURIComponent(seat.id)}`, {
      method: "DELETE", headers: { Authorization: `Bearer ${session.token}` },
    });
    if (!r.ok) toast((await r.json()).detail || "That did not work.", "error");
    else {
      toast(`${seat.name}'s seat is played by a bot now.`);
      await session.refreshInfo();
    }
  };
  return h("details", { class: "card host-bar" },
    h("summary", null, "Host controls"),
    h("div", { class: "mod-controls" },
      paused ? h("button", { type: "button", class: "primary", id: "host-resume", onclick: () => session.post("/resume") }, "▶ Resume")
        : h("button", { type: "button", id: "host-pause", onclick: () => session.post("/pause") }, "❚❚ Pause"),
      h("button", { type: "button", onclick: () => session.post("/extend", { seconds: 30 }) }, "+30 s for this phase")),
    people.length ? h("ul", { class: "seats" }, people.map((seat) => h("li", { class: "seat" },
      h("span", { class: "pname" }, seat.name),
      h("span", { class: "actions" }, h("button", { type: "button", class: "small danger", onclick: () => remove(seat) }, "Remove"))))) : null);
}

// -- the day's vote ----------------------------------------------------------------------------
// While people play, a day's vote opens after a time to talk; a ballot can be changed until the
// vote closes, and locking it says "I am done" (the vote closes early once every person has
// locked). The server sends how the vote stands in `clock.vote`.

/** This seat's own ballot for decision `d` when `d` belongs to the open day vote, else null. */
export function dayBallot(session, d) {
  const vote = session.clock && session.clock.vote;
  return vote && vote.mine ? vote.mine[String(d.id)] || null : null;
}

function ballotText(answer) {
  if (answer === null || answer === undefined) return "no one (you abstain)";
  if (answer === true || answer === false) return answer ? "hand raised" : "hand down";
  return Array.isArray(answer) ? answer.join(", ") : String(answer);
}

/** How the vote will end: a countdown to the opening, then to the close. `voter`: said to
 * someone who has a ballot (else to the table). */
export function voteClockLine(vote, { voter = true } = {}) {
  if (!vote.open) {
    return h("p", { class: "vote-clock" }, countdown(vote.opens, "Votes open in "),
      voter ? ". Talk with the village until then." : ". The village talks until then.");
  }
  return h("p", { class: "vote-clock" }, countdown(vote.closes, "The vote closes in "),
    ", or as soon as everyone has locked their vote.",
    voter ? " You can change your vote until then." : " Votes can be changed until then.");
}

/** Who has voted (and for whom, when the edition shows ballots) and how many are left. */
export function voteStanding(session, { big = false } = {}) {
  const vote = session.clock && session.clock.vote;
  if (!vote) return null;
  const voted = new Set(vote.voted || []);
  const ballots = vote.ballots || null;
  const count = vote.voters.length;
  const done = vote.voted.length;
  const summary = vote.left === 0 ? `All ${count} have voted.`
    : `${done} of ${count} ${done === 1 ? "has" : "have"} voted; ${vote.left} ${vote.left === 1 ? "is" : "are"} left.`;
  return h("div", { class: `vote-standing${big ? " big" : ""}`, "aria-live": "polite" },
    h("p", { class: "vote-summary" }, summary),
    h("ul", { class: "vote-voters", "aria-label": "Voters" }, vote.voters.map((name) => {
      const has = voted.has(name);
      const whom = ballots && has ? ` → ${ballotText(ballots[name]).replace(" (you abstain)", "")}` : "";
      return h("li", { class: `voter${has ? " voted" : ""}`, dataset: { name } },
        h("span", { class: "voter-mark", "aria-hidden": "true" }, has ? "✓" : "…"),
        h("span", { class: "pname" }, name), has ? `${whom}` : "",
        h("span", { class: "sr-only" }, has ? ", has voted" : ", has not voted yet"));
    })));
}

const UNSENT_PICKS = new Map(); // decision id -> the boxes ticked on a several-name ballot

/** A day vote's card: pick (and change) a ballot, lock it, see the clock and the standing. */
export function dayVoteCard(session, d) {
  const ed = session.view.edition;
  const vote = session.clock.vote;
  const mine = dayBallot(session, d);
  const status = h("p", { class: "decision-status", "aria-live": "polite" });
  const card = h("section", { class: `decision day-vote${mine && mine.locked ? " locked" : ""}`, "aria-label": d.prompt || decisionLabel(d.name), dataset: { decision: String(d.id), name: d.name, cast: mine && mine.cast ? "yes" : "no" } });
  const waiting = !vote.open || Boolean(session.clock && session.clock.paused);

  async function cast(answer, lock) {
    for (const b of card.querySelectorAll("button, input")) b.disabled = true;
    status.textContent = "Sending…";
    const reply = await session.live.send({ type: "answer", decision: d.id, answer, lock });
    if (reply && reply.type === "error") {
      for (const b of card.querySelectorAll("button, input")) b.disabled = false;
      status.textContent = reply.detail || "That did not work.";
      toast(reply.detail || "That did not work.", "error");
    }
  }

  const chosen = mine && mine.cast ? mine.answer : undefined;
  const isChosen = (choice) => chosen === choice || (Array.isArray(chosen) && chosen.includes(choice));
  const body = h("div", { class: "decision-body" });
  if (d.max > 1) {
    // boxes ticked but not yet sent survive the card being redrawn when someone else votes
    const ticked = UNSENT_PICKS.get(d.id);
    const boxes = d.choices.map((choice) => h("label", { class: "check" },
      h("input", { type: "checkbox", value: choice, name: `d${d.id}`, disabled: waiting,
        checked: ticked ? ticked.has(choice) : isChosen(choice),
        onchange: (ev) => {
          const picks = UNSENT_PICKS.get(d.id) || new Set(Array.isArray(chosen) ? chosen : []);
          if (ev.target.checked) picks.add(choice);
          else picks.delete(choice);
          UNSENT_PICKS.set(d.id, picks);
        } }), " ", choiceLabel(ed, d, choice)));
    const fieldset = h("fieldset", { class: "multi" }, h("legend", null, `Pick ${d.min === d.max ? d.max : `${d.min} to ${d.max}`}`), boxes);
    body.appendChild(fieldset);
    body.appendChild(h("div", { class: "choices" }, h("button", { type: "button", class: "primary", disabled: waiting, onclick: () => {
      const picked = [...fieldset.querySelectorAll("input:checked")].map((b) => b.value);
      if (picked.length < d.min || picked.length > d.max) {
        status.textContent = `Pick ${d.min === d.max ? d.max : `${d.min} to ${d.max}`}.`;
        return;
      }
      UNSENT_PICKS.delete(d.id);
      cast(picked, false);
    } }, "Vote for these")));
  } else {
    // a raised hand (Clocktower's vote) is a yes or a no
    const yesNo = d.kind === "yes-no";
    body.appendChild(h("div", { class: "choices", role: "group", "aria-label": "Choices" },
      (yesNo ? [true, false] : d.choices).map((choice) => h("button", {
        type: "button", class: `choice${isChosen(choice) ? " chosen" : ""}`, disabled: waiting,
        "aria-pressed": isChosen(choice) ? "true" : "false", onclick: () => cast(choice, false),
      }, yesNo ? handLabel(choice) : choiceLabel(ed, d, choice)))));
  }
  const extra = h("div", { class: "choices secondary" });
  if (d.optional) {
    extra.appendChild(h("button", { type: "button", class: `choice abstain${mine && mine.cast && chosen === null ? " chosen" : ""}`, disabled: waiting,
      onclick: () => cast(null, false) }, "Abstain"));
  }
  extra.appendChild(h("button", {
    type: "button", class: "primary lock-vote", disabled: waiting || !(mine && mine.cast) || mine.locked,
    onclick: () => cast(chosen === undefined ? null : chosen, true),
  }, mine && mine.locked ? "Vote locked" : "Lock my vote"));
  body.appendChild(extra);
  if (!mine || !mine.cast) status.textContent = vote.open ? "You have not voted yet." : "";
  else if (mine.locked) status.textContent = `Your vote: ${ballotText(chosen)}. Locked; pick again to change it.`;
  else status.textContent = `Your vote: ${ballotText(chosen)}. Lock it when you are sure.`;
  append2(card, h("div", { class: "decision-head" }, h("h3", null, d.prompt || decisionLabel(d.name))),
    voteClockLine(vote), body, status, voteStanding(session));
  return card;
}

/** The day's vote for someone without a ballot in it (the table screen, a spectator, an
 * accused player): the clock, who has voted and how many are left; null when no vote runs. */
export function voteBoard(session, { big = false } = {}) {
  const vote = session.clock && session.clock.vote;
  if (!vote) return null;
  return h("section", { class: `card vote-board${big ? " big" : ""}`, "aria-labelledby": "vote-board-title" },
    h("h2", { id: "vote-board-title" }, vote.open ? "The vote" : "Time to talk"),
    voteClockLine(vote, { voter: false }), voteStanding(session, { big }));
}
