// Clocktower's grimoire: the storyteller's screen (a moderated game's moderator). The town
// square with every seat's character token, alignment, reminders (the engine's, with their
// source, and the storyteller's own, placed by hand), drunk and poisoned with their cause; the
// bluffs, the Fabled and Loric in play, the Djinn's jinxes and the Bootlegger's rules; the
// night sheet with the current step and who wakes next; each storyteller decision with its
// suggestion, its reason, the truth beside it and the legal alternatives; the day's clock.
//
// Only the storyteller's socket carries `grimoire`, `reason` and `truth` (core/view.py): this
// screen draws them, no player's screen can.

import { h, replace, toast } from "./dom.js";
import { decisionPrompt, phaseLabel, roleName, role as roleOf } from "./text.js";
import { townSquare } from "./square.js";
import { Chat, countdown, decisionCard, phaseHeader, tickClocks, timeline } from "./widgets.js";

const PART_LABELS = {
  number: "Number", player: "Player", players: "Players", role: "Character", roles: "Characters",
  yes: "Yes or no", alignment: "Alignment",
};
const STATE_WORDS = { drunk: "drunk", poisoned: "poisoned" };

function words(ed, value) {
  if (value === null || value === undefined) return "nobody";
  if (value === true || value === false) return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map((v) => words(ed, v)).join(", ") : "nobody";
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${(PART_LABELS[k] || k).toLowerCase()} ${words(ed, v)}`).join("; ");
  }
  if (typeof value === "string" && roleOf(ed, value)) return roleName(ed, value);
  if (value === "good" || value === "evil") return value;
  return String(value);
}

// The storyteller's own reminder tokens, placed by hand, kept on this device per game.
function handKey(code) { return `wolfsbane.reminders.${code}`; }
function handReminders(code) {
  try {
    const list = JSON.parse(localStorage.getItem(handKey(code)) || "[]");
    return Array.isArray(list) ? list.filter((r) => r && typeof r.player === "string" && typeof r.text === "string") : [];
  } catch {
    return [];
  }
}
function saveHandReminders(code, list) {
  try {
    localStorage.setItem(handKey(code), JSON.stringify(list.slice(-200)));
  } catch {
    /* no storage: kept until the page closes */
  }
}

/** The night sheet: tonight's turns, the characters in play marked, the current step and who
 * wakes next. `current` is the id of the turn that is acting now (or null). */
export function nightSheet(session, grimoire, current) {
  const view = session.view;
  const ed = session.edition;
  const order = (ed && ed.night_order) || {};
  const first = view.phase === "night 1" || view.phase === "setup";
  const turns = order[first ? "first" : "other"] || [];
  const inPlay = new Set();
  for (const seat of grimoire.seats || []) {
    if (seat.role) inPlay.add(seat.role);
    if (seat.ability) inPlay.add(seat.ability);
    if (seat.believes) inPlay.add(seat.believes);
  }
  const isCharacter = (turn) => Boolean(roleOf(view.edition, turn.id));
  const wakes = (turn) => !isCharacter(turn) || inPlay.has(turn.id);
  const at = turns.findIndex((turn) => turn.id === current);
  const next = turns.findIndex((turn, k) => k > at && wakes(turn) && (at >= 0 || false));
  return h("section", { class: "card night-sheet", "aria-labelledby": "sheet-title" },
    h("h2", { id: "sheet-title" }, first ? "The first night's sheet" : "The night sheet (other nights)"),
    turns.length ? h("ol", null, turns.map((turn, k) => h("li", {
      class: `${k === at ? "current" : ""}${k === next ? " next" : ""}${wakes(turn) ? "" : " not-in-play"}`,
      dataset: { turn: turn.id }, "aria-current": k === at ? "step" : null,
    }, turn.called, k === at ? " — now" : "", sheetWords(turn) ? h("small", { class: "hint" }, ` ${sheetWords(turn)}`) : null)))
      : h("p", { class: "hint" }, "No night sheet."));
}

// What the storyteller says at a step, without repeating the step's name.
function sheetWords(turn) {
  const said = String(turn.words || "");
  const called = String(turn.called || "");
  const rest = said.startsWith(called) ? said.slice(called.length).replace(/^[\s:,.]+/, "") : said;
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : "";
}

/** Which turn of the night sheet is acting: the character of the seat being asked, or of the
 * player a storyteller's decision is about. */
export function currentTurn(view, grimoire) {
  const bySeat = new Map((grimoire.seats || []).map((seat) => [seat.player, seat]));
  for (const d of view.decisions || []) {
    const name = d.seat === "storyteller" ? (typeof d.about === "string" ? d.about : null) : d.seat;
    const seat = name && bySeat.get(name);
    if (seat && d.seat !== "clock") return seat.ability || seat.believes || seat.role;
  }
  return null;
}

// One storyteller decision: the question, the reason, the suggestion, the truth beside it,
// the legal alternatives, and the controls to answer.
function storytellerCard(session, d) {
  const view = session.view;
  const ed = view.edition;
  const status = h("p", { class: "decision-status", "aria-live": "polite" });
  const card = h("section", { class: "st-decision", dataset: { decision: String(d.id), name: d.name }, "aria-label": decisionPrompt(ed, d, null) });
  const deadline = session.clock && session.clock.deadlines ? session.clock.deadlines[String(d.id)] : null;
  let busy = false;
  const send = async (answer) => {
    if (busy) return;
    busy = true;
    for (const b of card.querySelectorAll("button, input, select")) b.disabled = true;
    status.textContent = "Sending…";
    const reply = await session.live.answer(d.id, answer);
    if (reply && reply.type === "error") {
      busy = false;
      for (const b of card.querySelectorAll("button, input, select")) b.disabled = false;
      status.textContent = reply.detail || "That was refused.";
      toast(reply.detail || "That was refused.", "error");
    } else {
      status.textContent = `Done: ${words(ed, answer)}.`;
      card.classList.add("answered");
    }
  };
  const facts = h("dl", null,
    d.about ? [h("dt", null, "About"), h("dd", null, words(ed, d.about))] : null,
    d.suggestion !== undefined || d.optional ? [h("dt", null, "Suggestion"), h("dd", { class: "suggestion" }, words(ed, d.suggestion ?? null))] : null,
    d.truth !== undefined ? [h("dt", null, "The truth"), h("dd", { class: "truth" }, words(ed, d.truth))] : null,
    (d.choices || []).length ? [h("dt", null, "Legal answers"), h("dd", { class: "alternatives" }, words(ed, d.choices))] : null);
  const controls = h("div", { class: "st-controls" });
  const quick = h("div", { class: "choices" });
  // no suggestion on an optional question suggests none of its answers
  const suggested = d.suggestion !== undefined ? d.suggestion : d.optional ? null : undefined;
  if (suggested !== undefined) {
    quick.appendChild(h("button", { type: "button", class: "primary use-suggestion", onclick: () => send(suggested) }, "Use the suggestion"));
  }
  if (d.truth !== undefined && JSON.stringify(d.truth) !== JSON.stringify(d.suggestion)) {
    quick.appendChild(h("button", { type: "button", class: "tell-truth", onclick: () => send(d.truth) }, "Tell the truth"));
  }
  controls.appendChild(quick);
  const sample = d.suggestion ?? d.truth;
  if (d.kind === "arrange" && sample && typeof sample === "object" && !Array.isArray(sample)) {
    controls.appendChild(partsEditor(session, d, sample, send));
  } else if (d.kind === "arrange" && Array.isArray(sample)) {
    controls.appendChild(listEditor(session, d, sample, send));
  } else if (d.kind === "yes-no") {
    controls.appendChild(h("div", { class: "choices" },
      h("button", { type: "button", onclick: () => send(true) }, "Yes"),
      h("button", { type: "button", onclick: () => send(false) }, "No")));
  } else if ((d.choices || []).length && !(d.max > 1)) {
    controls.appendChild(h("div", { class: "choices", role: "group", "aria-label": "Other answers" },
      d.choices.map((choice) => h("button", {
        type: "button", class: `choice${choice === d.suggestion ? " suggested" : ""}`, onclick: () => send(choice),
      }, words(ed, choice), choice === d.suggestion ? " (suggested)" : "", choice === d.truth ? " (the truth)" : ""))));
  } else if (d.kind !== "arrange") {
    controls.appendChild(decisionCard(session, d, { onAnswer: (dd, a) => session.live.answer(dd.id, a), suggestion: false }));
  }
  if (d.optional && d.kind !== "yes-no") {
    controls.appendChild(h("button", { type: "button", class: "skip small", onclick: () => send(null) }, "No / skip"));
  }
  card.append(
    h("div", { class: "decision-head" }, h("h3", null, decisionPrompt(ed, d, null)), countdown(deadline, "time left: ")),
    d.reason ? h("p", { class: "reason" }, d.reason) : null,
    facts, controls, status);
  return card;
}

// A piece of information part by part (number, player, players, character...), each with the
// legal values; the engine refuses what the rules forbid (a sober player's false number).
function partsEditor(session, d, sample, send) {
  const view = session.view;
  const ed = view.edition;
  const names = (view.players || []).map((p) => p.name);
  const roles = ((session.edition && session.edition.roles) || []).map((r) => r.id);
  const reads = [];
  const fields = Object.entries(sample).map(([key, value]) => {
    const label = PART_LABELS[key] || key;
    let control;
    let read;
    if (key === "number") {
      control = h("input", { type: "number", min: 0, max: names.length, step: 1, value: String(value) });
      read = () => Number(control.value);
    } else if (key === "yes") {
      control = h("select", null, h("option", { value: "yes", selected: value === true }, "yes"), h("option", { value: "no", selected: value === false }, "no"));
      read = () => control.value === "yes";
    } else if (key === "alignment") {
      control = h("select", null, ["good", "evil"].map((a) => h("option", { value: a, selected: a === value }, a)));
      read = () => control.value;
    } else if (key === "player" || key === "role") {
      const options = key === "player" ? names : roles;
      control = h("select", null, options.map((o) => h("option", { value: o, selected: o === value }, words(ed, o))));
      read = () => control.value;
    } else {
      const options = key === "players" ? names : roles;
      const chosen = new Set(Array.isArray(value) ? value : []);
      control = h("select", { multiple: true, size: Math.min(6, options.length) },
        options.map((o) => h("option", { value: o, selected: chosen.has(o) }, words(ed, o))));
      read = () => [...control.selectedOptions].map((o) => o.value);
    }
    reads.push([key, read]);
    return h("label", null, h("span", null, label), control);
  });
  const form = h("form", { class: "parts-form", onsubmit: (ev) => {
    ev.preventDefault();
    const answer = {};
    for (const [key, read] of reads) answer[key] = read();
    send(answer);
  } }, h("fieldset", { class: "parts" }, h("legend", null, "Or tell something else"), fields),
  h("button", { type: "submit" }, "Tell this"));
  return form;
}

// A list of characters (the bag, the bluffs): ticked boxes, the suggestion ticked.
function listEditor(session, d, sample, send) {
  const chosen = new Set(sample);
  const roles = ((session.edition && session.edition.roles) || [])
    .filter((r) => !["traveller", "fabled", "loric"].includes(r.type));
  const boxes = roles.map((r) => h("label", { class: "check" },
    h("input", { type: "checkbox", value: r.id, checked: chosen.has(r.id) }), " ", r.name,
    h("small", { class: "hint" }, ` (${r.type || r.team})`)));
  return h("details", { class: "more" }, h("summary", null, `Choose other characters (${sample.length})`),
    h("fieldset", { class: "multi" }, h("legend", null, "Characters"), boxes),
    h("button", { type: "button", onclick: (ev) => {
      const picked = [...ev.target.parentElement.querySelectorAll("input:checked")].map((b) => b.value);
      send(picked);
    } }, "Use these"));
}

export class GrimoireScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.header = h("div", { class: "phase-bar" });
    this.controls = h("section", { class: "card mod-controls", "aria-label": "The clock" });
    this.decisions = h("section", { class: "card decisions storyteller", "aria-labelledby": "st-title" });
    this.square = h("div");
    this.table = h("section", { class: "card grim-table", "aria-labelledby": "grim-table-title" });
    this.sheet = h("div");
    this.seats = h("section", { class: "card grim-players", "aria-labelledby": "grim-players-title" });
    this.hand = h("section", { class: "card hand-reminders", "aria-labelledby": "hand-title" });
    this.log = h("section", { class: "card history", "aria-labelledby": "log-title" });
    this.speakAs = h("select", { "aria-label": "Speak as", id: "speak-as" });
    this.chat = new Chat(session, {
      seat: null, anyChannel: true,
      onSend: (channel, message) => {
        if (!this.speakAs.value) {
          toast("Take over a seat to speak for it.", "error");
          return Promise.resolve(null);
        }
        return session.live.say(channel, message, this.speakAs.value);
      },
    });
    root.append(this.header, this.controls,
      h("div", { class: "grimoire-grid" },
        h("div", null, this.decisions, this.square, this.seats),
        h("div", null, this.sheet, this.table, this.hand,
          h("div", null, h("label", { class: "speak-as" }, "Speak as ", this.speakAs), this.chat.el), this.log)));
    this.decisionKey = null;
    this.squareKey = null;
  }

  update() {
    const s = this.session;
    const view = s.view;
    const ed = view.edition;
    const grimoire = view.grimoire || { seats: [] };
    replace(this.header, phaseHeader(s));
    const paused = s.clock && s.clock.paused;
    replace(this.controls,
      h("h2", { class: "sr-only" }, "The clock"),
      paused ? h("button", { type: "button", class: "primary", id: "resume", onclick: () => s.post("/resume") }, "▶ Resume the clock")
        : h("button", { type: "button", id: "pause", onclick: () => s.post("/pause") }, "❚❚ Pause the clock"),
      h("button", { type: "button", id: "extend-60", onclick: () => s.post("/extend", { seconds: 60 }) }, "+1 min"),
      h("button", { type: "button", onclick: () => s.post("/extend", { seconds: 300 }) }, "+5 min"),
      // the server refuses, with a sentence, once anybody has played since
      h("button", { type: "button", id: "undo", onclick: async () => {
        if (await s.post("/undo")) toast("Your last answer was taken back: the question is yours again.");
      } }, "↶ Take back my last answer"),
      h("a", { class: "button", href: "#/script/clocktower", target: "_blank", rel: "noopener" }, "The script sheet"));

    const controlled = new Set(s.controlled || []);
    const key = JSON.stringify([view.decisions.map((d) => d.id), [...controlled], s.clock && s.clock.deadlines, paused]);
    if (key !== this.decisionKey) {
      this.decisionKey = key;
      const mine = view.decisions.filter((d) => d.seat === "storyteller");
      replace(this.decisions, h("h2", { id: "st-title" }, "Your decisions"),
        mine.length ? mine.map((d) => storytellerCard(s, d))
          : h("p", { class: "hint" }, "Nothing waits on you. Each of your decisions appears here with a suggestion, its reason and the truth."));
      this.decisions.classList.toggle("active", mine.length > 0);
      this.showSeats(controlled);
    }
    const squareKey = JSON.stringify([view.phase, grimoire, view.reminders, s.events().length, handReminders(s.code)]);
    if (squareKey !== this.squareKey) {
      this.squareKey = squareKey;
      replace(this.square, this.grimoireSquare(grimoire));
      this.showTable(grimoire);
      this.showHand(grimoire);
    }
    replace(this.sheet, nightSheet(s, grimoire, currentTurn(view, grimoire)));
    const current = this.speakAs.value;
    replace(this.speakAs, h("option", { value: "" }, "— take over a seat first —"),
      [...controlled].map((name) => h("option", { value: name, selected: name === current }, name)));
    this.chat.seat = this.speakAs.value || null;
    this.chat.update();
    replace(this.log, h("h2", { id: "log-title" }, "Everything, as it happens ", h("small", { class: "hint" }, "newest first")),
      timeline(ed, s.events().filter((e) => e.kind !== "DecisionWithdrawn").slice(-150), { audience: true, newestFirst: true }));
    this.tick();
  }

  grimoireSquare(grimoire) {
    const s = this.session;
    const ed = s.view.edition;
    const bySeat = new Map((grimoire.seats || []).map((seat) => [seat.player, seat]));
    const engineReminders = s.view.reminders || [];
    const hand = handReminders(s.code);
    const section = townSquare(s, {
      title: "The grimoire", id: "grim-square",
      token: (p) => {
        const seat = bySeat.get(p.name) || {};
        const items = [];
        for (const state of seat.states || []) {
          items.push(h("span", { class: `reminder state-${state.state}` },
            `${STATE_WORDS[state.state] || state.state}${state.by ? ` by ${state.by}` : ""}${state.character ? ` (${roleName(ed, state.character)})` : ""}`));
        }
        for (const r of engineReminders.filter((x) => x.player === p.name)) {
          const source = [r.character ? roleName(ed, r.character) : "", r.by || ""].filter(Boolean).join(", ");
          items.push(h("span", { class: "reminder" }, tokenWords(s, r.token), source ? ` (${source})` : ""));
        }
        for (const r of hand.filter((x) => x.player === p.name)) items.push(h("span", { class: "reminder hand" }, `${r.text} (yours)`));
        return h("div", { class: `grim-token team-${seat.team || "none"}` },
          h("span", { class: "tok-role" }, seat.role ? roleName(ed, seat.role) : "not dealt yet"),
          seat.team ? h("span", { class: "tok-team" }, seat.team) : null,
          seat.believes ? h("span", { class: "tok-believes" }, ` believes: ${roleName(ed, seat.believes)}`) : null,
          seat.ability && seat.ability !== seat.role ? h("span", { class: "tok-ability" }, ` ability: ${roleName(ed, seat.ability)}`) : null,
          items.length ? h("div", { class: "tok-reminders" }, items) : null);
      },
    });
    section.classList.add("grim-square");
    return section;
  }

  showTable(grimoire) {
    const s = this.session;
    const ed = s.view.edition;
    const options = (s.info && s.info.options) || {};
    const told = s.events().filter((e) => e.kind === "Announced" && (e.about === "jinx" || e.about === "bootlegger"));
    const jinxes = told.filter((e) => e.about === "jinx");
    const rules = options["bootlegger-rules"] || [];
    replace(this.table, h("h2", { id: "grim-table-title" }, "The table"),
      h("dl", { class: "grim-facts" },
        h("dt", null, "Bluffs shown to the Demon"), h("dd", { id: "grim-bluffs" }, words(ed, grimoire.bluffs || [])),
        h("dt", null, "Red herring"), h("dd", null, grimoire.red_herring ? grimoire.red_herring : "none"),
        grimoire.babysitter ? [h("dt", null, "Lil' Monsta's babysitter"), h("dd", null, grimoire.babysitter)] : null,
        h("dt", null, "Fabled"), h("dd", null, words(ed, options.fabled || [])),
        h("dt", null, "Loric"), h("dd", null, words(ed, options.loric || [])),
        h("dt", null, "About to die"), h("dd", null, grimoire.block || "nobody"),
        h("dt", null, "Abnormal results since dawn"), h("dd", null, String((grimoire.abnormal || []).length))),
      h("h3", null, "The Djinn's jinxes"),
      jinxes.length ? h("ul", null, jinxes.map((e) => h("li", null, `${words(ed, e.roles || [])}: ${e.rule || ""}`)))
        : h("p", { class: "hint" }, (options.fabled || []).includes("djinn") ? "No jinx between the characters in play." : "The Djinn is not in play."),
      h("h3", null, "The Bootlegger's rules"),
      rules.length ? h("ul", null, rules.map((r) => h("li", null, r))) : h("p", { class: "hint" }, "No homebrew rules."));
  }

  showSeats(controlled) {
    const s = this.session;
    const view = s.view;
    const answer = (d, value) => s.live.answer(d.id, value, d.seat);
    replace(this.seats, h("h2", { id: "grim-players-title" }, "The players' questions"),
      h("ul", { class: "grim" }, (view.players || []).map((p) => {
        const open = view.decisions.filter((d) => d.seat === p.name);
        const isControlled = controlled.has(p.name);
        return h("li", { class: `grim-seat${p.alive ? "" : " dead"}`, dataset: { name: p.name } },
          h("span", { class: "pname" }, p.name), " ",
          open.length ? h("span", { class: "pending" }, `is asked: ${open.map((d) => decisionPrompt(view.edition, d, null)).join("; ")}`)
            : h("span", { class: "hint" }, "nothing asked"),
          " ",
          h("button", { type: "button", class: "small", onclick: () => s.post(isControlled ? "/handback" : "/takeover", { seat: p.name }) },
            isControlled ? `Give ${p.name} their seat back` : `Answer for ${p.name}`),
          isControlled ? open.map((d) => decisionCard(s, d, { onAnswer: answer })) : null);
      })));
  }

  showHand(grimoire) {
    const s = this.session;
    const names = (grimoire.seats || []).map((seat) => seat.player);
    const list = handReminders(s.code);
    const who = h("select", { id: "hand-player" }, names.map((n) => h("option", { value: n }, n)));
    const text = h("input", { type: "text", id: "hand-text", maxlength: 40, placeholder: "e.g. claims Chef" });
    replace(this.hand, h("h2", { id: "hand-title" }, "Your own reminders"),
      h("form", { class: "hand-form", onsubmit: (ev) => {
        ev.preventDefault();
        const words2 = text.value.trim();
        if (!words2) return;
        saveHandReminders(s.code, [...list, { player: who.value, text: words2 }]);
        this.squareKey = null;
        this.update();
      } }, h("label", { for: "hand-player" }, "On "), who, " ", h("label", { for: "hand-text" }, "write "), text, " ",
      h("button", { type: "submit", class: "small" }, "Place")),
      list.length ? h("ul", null, list.map((r, k) => h("li", null, `${r.player}: ${r.text} `,
        h("button", { type: "button", class: "small", "aria-label": `Remove ${r.text} from ${r.player}`, onclick: () => {
          saveHandReminders(s.code, list.filter((_, j) => j !== k));
          this.squareKey = null;
          this.update();
        } }, "Remove")))) : h("p", { class: "hint" }, "Reminders you place stay on this device only."));
  }

  tick() {
    tickClocks(this.root, this.session);
  }
}

// A reminder token in the catalogue's words (its `token` terms), else its name spelt out.
function tokenWords(session, token) {
  const ed = session.edition;
  const terms = (ed && ed.messages && ed.messages.terms && ed.messages.terms.token) || {};
  return terms[token] || String(token).replace(/-/g, " ");
}

export { words as grimoireWords };

/** The end of a Clocktower game, for everyone: the grimoire as it stood, and the whole story
 * of the storyteller's choices night by night, each false information marked with why. */
export function grimoireReveal(data) {
  const ed = data.edition;
  const grimoire = data.grimoire;
  if (!grimoire) return null;
  const choices = data.timeline.filter((e) => e.kind === "Answered" && e.seat === "storyteller");
  const byPhase = new Map();
  for (const c of choices) {
    if (!byPhase.has(c.phase)) byPhase.set(c.phase, []);
    byPhase.get(c.phase).push(c);
  }
  const isFalse = (c) => c.truth !== undefined && c.truth !== null && JSON.stringify(c.answer) !== JSON.stringify(c.truth);
  return h("section", { class: "card grimoire-reveal", "aria-labelledby": "grim-reveal-title" },
    h("h2", { id: "grim-reveal-title" }, "The grimoire"),
    h("ul", { class: "players" }, grimoire.seats.map((seat) => h("li", { class: `player${seat.alive ? "" : " dead"}` },
      h("span", { class: "pname" }, seat.player), " ",
      h("span", { class: `prole team-${seat.team}` }, roleName(ed, seat.role)), ` (${seat.team})`,
      seat.believes ? ` believed they were the ${roleName(ed, seat.believes)}` : "",
      (seat.states || []).length ? ` · ${seat.states.map((x) => `${x.state}${x.by ? ` by ${x.by}` : ""}`).join(", ")}` : ""))),
    h("p", null, `Bluffs: ${words(ed, grimoire.bluffs || [])}. Red herring: ${grimoire.red_herring || "none"}.`),
    h("h3", null, "Every storyteller choice"),
    choices.length ? [...byPhase].map(([phase, list]) => h("div", { class: "st-phase" },
      h("h4", null, phaseLabelOf(phase, ed)),
      h("ul", null, list.map((c) => h("li", { class: `st-choice${isFalse(c) ? " false-info" : ""}` },
        h("strong", null, isFalse(c) ? "False information: " : ""),
        `${c.about ? `${words(ed, c.about)}: ` : ""}${words(ed, c.answer)}`,
        isFalse(c) ? ` (the truth was ${words(ed, c.truth)})` : "",
        c.reason ? h("small", { class: "hint" }, ` ${c.reason}`) : null))))) : h("p", { class: "hint" }, "No choices were asked."));
}

function phaseLabelOf(phase, ed) {
  return phaseLabel(phase, ed);
}
