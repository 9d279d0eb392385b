// Words: every sentence a person reads, from the edition's message catalogue.
//
// The server sends each edition's catalogue with /api/editions (`messages`); the terminal
// renders from the same data (src/wolfsbane/messages/__init__.py). The rules below are the
// same as there: keep both in step (tests/test_messages.py renders every event through both).

const editions = new Map();

export function setEditions(list) {
  for (const edition of list) editions.set(edition.id, edition);
}

export function edition(id) {
  return editions.get(id) || null;
}

export function allEditions() {
  return [...editions.values()];
}

export function role(editionId, roleId) {
  const ed = editions.get(editionId);
  return (ed && ed.roles.find((r) => r.id === roleId)) || null;
}

export function roleName(editionId, roleId) {
  if (!roleId) return "";
  const r = role(editionId, roleId);
  if (r) return r.name;
  const data = catalogueOf(editionId);
  return (data && data.cards && data.cards[roleId]) || String(roleId);
}

// The catalogue of an edition; without one, the first loaded (for the words all share).
function catalogueOf(editionId) {
  const ed = editions.get(editionId);
  if (ed && ed.messages) return ed.messages;
  for (const other of editions.values()) if (other.messages) return other.messages;
  return null;
}

const PLAYER_FIELDS = new Set(["player", "players", "by", "target", "targets", "winners",
  "audience", "seat", "partner", "speaker", "holder"]);
const ROLE_FIELDS = new Set(["role", "roles", "card", "cards"]);
const NUMBER_FIELDS = new Set(["number", "day", "weight", "count", "seconds", "limit", "most",
  "least", "players_count", "length", "messages", "size"]);
const TEXT_FIELDS = new Set(["reason", "text", "detail", "field", "problem", "what"]);
const ALIASES = { winner: "team", side: "team" };
const PLACEHOLDER = /\{([a-z_]+)\}/g;

function sameValue(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  return a === b;
}

// Whether an event (or message) has the fields an entry's `when` asks for.
export function matches(when, data) {
  for (const [key, expected] of Object.entries(when || {})) {
    const value = data[key];
    if (expected === null) {
      if (value !== null && value !== undefined) return false;
    } else if (expected === "*") {
      if (value === null || value === undefined) return false;
    } else if (expected === "+") {
      if (!Array.isArray(value) || !value.length) return false;
    } else if (!sameValue(value, expected)) {
      return false;
    }
  }
  return true;
}

function capitalise(text) {
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (/\p{L}/u.test(c)) return text.slice(0, i) + c.toUpperCase() + text.slice(i + 1);
    if (!/\s/.test(c) && !"“\"'(".includes(c)) return text;
  }
  return text;
}

/** Renders events, talk, answers and errors from one catalogue for one reader (`viewer`:
 * the seat reading, or null for the storyteller and onlookers). */
export class Words {
  constructor(data, viewer) {
    this.data = data || {};
    this.viewer = viewer || null;
    this.words = this.data.words || {};
    this.terms = this.data.terms || {};
    this.cards = this.data.cards || {};
  }

  word(key) { return key in this.words ? String(this.words[key]) : key; }

  term(group, key) {
    const terms = this.terms[group] || {};
    return String(key) in terms ? String(terms[String(key)]) : String(key);
  }

  card(roleId) { return String(this.cards[String(roleId)] || roleId); }

  // A player's name; "you" for the reader, except in words someone says (`quoted`), where
  // only the speaker's own name changes (to "myself").
  player(name, speaker, quoted) {
    if (name === null || name === undefined) return this.word("nobody");
    if (speaker && name === speaker) return this.word("myself");
    if (this.viewer && name === this.viewer && !quoted) return this.word("you");
    return String(name);
  }

  join(items) {
    if (!items.length) return this.word("nobody");
    if (items.length === 1) return items[0];
    return items.slice(0, -1).join(this.word("list_separator")) + this.word("list_last") + items[items.length - 1];
  }

  cardsList(roles) {
    const counts = new Map();
    for (const r of roles) counts.set(String(r), (counts.get(String(r)) || 0) + 1);
    return this.join([...counts].map(([r, n]) => this.card(r) + (n > 1 ? ` ×${n}` : "")));
  }

  value(field, value, speaker, data, quoted) {
    field = ALIASES[field] || field;
    if (field === "message") {
      const during = data && data.during;
      return this.talk(during && value && typeof value === "object" ? { ...value, during } : value, data && data.player);
    }
    if (field === "phase_name") return this.phase(String(value));
    if (field === "decision") return this.decisionLabel(String(value));
    if (field === "answer") return this.answerValue(value, speaker, quoted);
    if (TEXT_FIELDS.has(field)) return String(value);
    if (field === "about") { // what a question is about: a vote, or a player
      if (String(value) in (this.terms.about || {})) return this.term("about", value);
      return this.answerValue(value, speaker, quoted);
    }
    if (ROLE_FIELDS.has(field)) {
      if (Array.isArray(value)) return this.cardsList(value);
      if (value && typeof value === "object") {
        return this.cardsList(Object.entries(value).flatMap(([r, n]) => Array(Number(n)).fill(r)));
      }
      return this.card(value);
    }
    if (PLAYER_FIELDS.has(field)) {
      if (Array.isArray(value)) return this.join(value.map((v) => this.player(v, speaker, quoted)));
      return this.player(value, speaker, quoted);
    }
    if (NUMBER_FIELDS.has(field)) return String(value);
    if (field in this.terms) {
      if (Array.isArray(value)) return this.join(value.map((v) => this.term(field, v)));
      return this.term(field, value);
    }
    return this.answerValue(value, speaker, quoted);
  }

  answerValue(value, speaker, quoted) {
    if (Array.isArray(value)) return this.join(value.map((v) => this.answerValue(v, speaker, quoted)));
    if (value === null || value === undefined) return this.word("nobody");
    // a composite answer ({player, role}), part by part
    if (typeof value === "object") return this.join(Object.values(value).map((v) => this.answerValue(v, speaker, quoted)));
    if (value === true || value === false) return this.word(value ? "yes" : "no");
    if (typeof value === "string" && value in this.cards) return this.card(value);
    if (typeof value === "string") return this.player(value, speaker, quoted);
    return String(value);
  }

  fill(template, data, speaker, quoted) {
    return capitalise(String(template).replace(PLACEHOLDER, (_, field) => this.value(field, data[field], speaker, data, quoted)));
  }

  pick(entries, data, kind) {
    for (const entry of entries || []) {
      if (kind !== undefined && entry.kind !== kind) continue;
      if (matches(entry.when, data)) return entry;
    }
    return null;
  }

  variant(entry, data) {
    const audience = data.audience;
    if (Array.isArray(audience) && (!this.viewer || !audience.includes(this.viewer)) && "told" in entry) {
      return String(entry.told);
    }
    const subject = data[entry.subject || "player"];
    if (this.viewer && subject === this.viewer && "self" in entry) return String(entry.self);
    return String(entry.text || "");
  }

  /** An event as a sentence; "" when another event already says it; null when the
   * catalogue has no words for it. */
  event(e) {
    const entry = this.pick(this.data.events, e, e.kind);
    if (!entry) return null;
    return this.fill(this.variant(entry, e), e);
  }

  talk(message, speaker) {
    if (typeof message === "string") return message;
    if (!message || typeof message !== "object") return String(message ?? "");
    if (message.type === "text") return String(message.text ?? "");
    const entry = this.pick(this.data.talk, message);
    if (!entry) return this.word("unclear_message");
    return this.fill(entry.text || "", message, speaker, true);
  }

  // The question a decision asks, in the catalogue's words (null: it has none).
  prompt(d) {
    const entry = this.pick(this.data.prompts, d);
    if (!entry) return null;
    return this.fill(this.variant({ subject: "seat", ...entry }, d), d);
  }

  about(value) { return this.value("about", value); }

  decision(name) {
    const decisions = this.data.decisions || {};
    return decisions[name] || (String(name).startsWith("pass-") ? decisions["pass-item"] : null) || {};
  }

  decisionLabel(name) { return String(this.decision(name).label || this.word("a_question")); }

  skipLabel(name) { return String(this.decision(name).skip || this.word("skip")); }

  error(code, params) {
    const template = (this.data.errors || {})[code];
    if (template === undefined) return null;
    const filled = { ...(params || {}) };
    if ("decision" in filled) filled.decision = this.decisionLabel(String(filled.decision));
    return this.fill(template, filled);
  }

  phase(phase) {
    const phases = this.data.phases || {};
    if (phase in phases) return String(phases[phase]);
    const [kind, number] = String(phase).split(" ");
    if (!(kind in phases)) return phase.charAt(0).toUpperCase() + phase.slice(1);
    return String(phases[kind]).replace("{number}", number || "");
  }
}

function words(editionId, seat) {
  return new Words(catalogueOf(editionId), seat);
}

// The words of the screens for a game played in the dark (js/dark.js): the catalogue's `dark`
// section, the same for every edition unless one says them its own way.
export function darkWords(editionId) {
  const data = catalogueOf(editionId);
  return (data && data.dark) || {};
}

export function teamName(team, editionId) {
  if (!team) return "";
  return words(editionId).term("team", team);
}

export function phaseLabel(phase, editionId) {
  if (!phase) return "";
  return words(editionId).phase(phase);
}

// The kind of a phase ("night", "day", "setup", "end"), as the edition declares it for the
// first word of the phase's name (`phase_kinds` in /api/editions); never guessed here.
export function phaseKind(phase, editionId) {
  if (typeof phase !== "string" || !phase) return "";
  let ed = editions.get(editionId);
  if (!ed || !ed.phase_kinds) ed = [...editions.values()].find((other) => other.phase_kinds);
  const kinds = (ed && ed.phase_kinds) || {};
  return kinds[phase.split(" ")[0].toLowerCase()] || "day";
}

export function isNight(phase, editionId) {
  return phaseKind(phase, editionId) === "night";
}

export function list(names) {
  return new Words(catalogueOf(null)).join((names || []).map(String));
}

export function decisionLabel(name, editionId) {
  if (editionId) return words(editionId).decisionLabel(name);
  for (const ed of editions.values()) {
    if (ed.messages && ed.messages.decisions && ed.messages.decisions[name]) return words(ed.id).decisionLabel(name);
  }
  return words(null).decisionLabel(name);
}

// The question a decision asks, for the seat reading it.
export function decisionPrompt(editionId, d, seat) {
  return words(editionId, seat).prompt(d) || d.prompt || decisionLabel(d.name, editionId);
}

// What a decision is about, in words (a player's name, or which vote).
export function aboutText(editionId, about) {
  if (Array.isArray(about)) return list(about.map((a) => words(editionId).about(a)));
  return words(editionId).about(about);
}

export function skipLabel(editionId, name) {
  return words(editionId).skipLabel(name);
}

// What a structured chat message says, as plain text (`during`: the vote it was said in,
// which a Said event carries beside its message).
export function talkText(editionId, message, speaker, during) {
  const said = during && message && typeof message === "object" ? { ...message, during } : message;
  return words(editionId).talk(said, speaker);
}

export function talkBadge(message, during) {
  if (!message || typeof message !== "object" || message.type === "text") return null;
  if (message.type === "vote") return (during || message.during) === "elect" ? "sheriff vote" : "vote";
  return { claim: "claim", accuse: "accuses", defend: "defends", result: "result" }[message.type] || null;
}

// A sentence for an event; `seat` is whose view it is (so "you" reads right).
export function describe(ed, e, seat) {
  const said = words(ed, seat).event(e);
  if (said === null) return words(ed, seat).word("unknown_event") + ".";
  return said;
}

// Who could see an event, as the reveal and the moderator's timeline note it beside the
// event's sentence: nothing for a public event, nor for one whose sentence already names its
// audience (a fact "told to" someone); else the catalogue's words ("seen by ...").
export function audienceNote(ed, e) {
  const audience = e.audience;
  if (audience === undefined || audience === null || audience === "everyone") return "";
  const w = words(ed);
  if (!Array.isArray(audience) || !audience.length) return w.fill(w.word("storyteller_only"), {});
  const entry = w.pick(w.data.events, e, e.kind);
  if (entry && "told" in entry && String(entry.told).includes("{audience}")) return "";
  return w.fill(w.word("seen_by"), { audience });
}

// An error reply from the server as a sentence: the catalogue's words when it names them.
export function errorText(reply, editionId) {
  if (!reply) return "";
  if (reply.message) {
    const said = words(editionId).error(reply.message, reply.params);
    if (said) return said;
  }
  return reply.detail || reply.error || "";
}

export function eventIcon(e) {
  return {
    PhaseBegan: e && isNight(e.phase) ? "☾" : "☀",
    PlayerDied: "✝", PlayerExecuted: "⚖", VoteCast: "➜", Announced: "»", InfoGiven: "◆",
    RoleDealt: "▣", ActionTaken: "✦", VictimChosen: "☾", GameWon: "★", Answered: "✦",
    DeathCaused: "✝", LoversLinked: "♥", RoleChanged: "↻", Said: "❝", Overheard: "❝",
  }[e.kind] || "•";
}

// Events that are news for one seat only (shown in "What you know").
export const PRIVATE_KINDS = new Set(["RoleDealt", "InfoGiven", "ActionTaken", "VictimChosen", "LoversLinked", "RoleChanged"]);
export const CHAT_KINDS = new Set(["Said", "Overheard"]);
