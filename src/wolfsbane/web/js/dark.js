// Werewolf in the Dark: the screens of a game played physically, in the dark.
//
// The phone (a seat) is near-black and lights nothing up unless asked: the card and whom you
// know show only while you hold the button down; "I was killed" and "Body found" stay one tap
// away all night; a question that arrives and the end of the night make the phone vibrate
// (sound would give a hiding player away); a ghost's phone is a dim candle. The narrator device
// (a spectator: a laptop or phone in the sanctuary) speaks every phase, shows the big clock,
// sounds an alarm when a body is found or a clock runs out, and shows only public news.
//
// Everything here is drawn from the seat's view alone, so a phone that locks and wakes (or a
// reload) picks up exactly where it was.

import { formatSeconds, h, replace } from "./dom.js";
import { Narrator } from "./board.js";
import { PRIVATE_KINDS, darkWords, decisionPrompt, describe, errorText, list, phaseKind, phaseLabel, roleName, teamName } from "./text.js";
import { refreshHostBar, remaining } from "./widgets.js";

// The screen's own words, from the message catalogue's `dark` section (core.en.json; an
// edition may say them its own way): `say(key, {field: value})` fills its {fields}.
let wordsOf = null; // the edition whose catalogue the screens speak from
function say(key, params = {}) {
  const template = darkWords(wordsOf)[key];
  if (template === undefined) return "";
  return String(template).replace(/\{([a-z_]+)\}/g, (_, field) => String(params[field] ?? ""));
}

// A length of time in the catalogue's words: "one minute", "8 minutes", "45 seconds".
function lengthWords(seconds) {
  const s = Math.round(seconds);
  if (s === 60) return say("one_minute");
  if (s % 60 === 0) return say("minutes", { number: s / 60 });
  return say("seconds", { number: s });
}

// Vibration patterns (milliseconds on, off, on...): a player alone in the dark feels them.
const BUZZ = { question: [180, 90, 180], nightOver: [500], ghostGo: [120], know: [150] };

export function buzz(pattern) {
  try {
    if (navigator.vibrate) navigator.vibrate(pattern);
  } catch {
    /* a device without vibration: the screen still says it */
  }
}

// A phase's kind as the edition declares it ("night", "day", "know", "dusk"...).
function kindOf(view) {
  return phaseKind(view.phase, view.edition);
}

function option(session, id) {
  const given = session.info && session.info.options;
  if (given && given[id] !== undefined) return given[id];
  const ed = session.edition;
  const spec = ed && ed.options && ed.options[id];
  return spec ? spec.default : undefined;
}

// What this seat was told about whom it knows: the `know` facts, from its own events only.
function knownPlayers(session) {
  const names = [];
  for (const e of session.events()) {
    if (e.kind === "InfoGiven" && e.about === "know") for (const name of e.players || []) if (!names.includes(name)) names.push(name);
  }
  return names;
}

// The public ghost token of each player, from the announcements.
function ghostTokens(session) {
  const tokens = new Map();
  for (const e of session.events()) if (e.kind === "Announced" && e.about === "ghost") tokens.set(e.player, e.ghost);
  return tokens;
}

// A ghost token in words: the catalogue's (`terms.ghost`), else as the group named it.
function tokenName(session, token) {
  const messages = (session.edition && session.edition.messages) || {};
  const named = ((messages.terms || {}).ghost || {})[token];
  return named ? String(named) : String(token);
}

// The clock a phase counts down, as the table sees it: the app's running countdown (the
// night's, the day's talk, the Know phase's), else the seat's own question's; nothing while no
// clock runs (the day's ghosts choosing their tokens). A server that sends no countdowns: the
// phase's end.
function tableClock(session, own) {
  const clock = session.clock || {};
  const countdowns = clock.countdowns;
  if (!countdowns) return own || clock.phase_deadline || null;
  return countdowns[kindOf(session.view)] || own || null;
}

// Whether this seat was told, in the current phase, that it declared dead: a body until the
// night ends.
function isBody(session) {
  const phase = session.view.phase;
  return session.events().some((e) => e.kind === "InfoGiven" && e.about === "dead" && e.phase === phase);
}

// Whether the ghosts' wait of this night is over (the narrator announces it).
function ghostsMayLeave(session) {
  const phase = session.view.phase;
  return session.events().some((e) => e.kind === "Announced" && e.about === "ghosts-leave" && e.phase === phase);
}

const STANDING = new Set(["dead", "body-found"]);

// -- the phone -------------------------------------------------------------------------------

export class DarkPhoneScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.root.classList.add("dark");
    wordsOf = session.view && session.view.edition;
    window.scrollTo(0, 0); // from the lobby's foot to the top of the dark screen
    this.phase = h("p", { class: "dark-phase" });
    this.clock = h("p", { class: "dark-clock", role: "timer", "aria-live": "off" });
    this.status = h("p", { class: "dark-status", "aria-live": "polite" });
    this.card = h("div", { class: "dark-card", id: "held-card", role: "region", "aria-label": say("your_card"), "aria-live": "polite", hidden: true });
    this.holdButton = h("button", {
      type: "button", class: "dark-big dark-hold", id: "hold-card", "aria-controls": "held-card", "aria-expanded": "false",
    }, say("hold"));
    this.bindHold(this.holdButton);
    this.question = h("section", { class: "dark-question", "aria-live": "polite", "aria-label": say("question") });
    this.actions = h("div", { class: "dark-actions" });
    this.candle = h("div", { class: "candle", "aria-hidden": "true" }, h("div", { class: "candle-glow" }), h("div", { class: "candle-flame" }));
    this.host = h("div", { class: "dark-host" }); // a host at the table pauses from a phone
    root.append(h("h1", { class: "sr-only" }, say("title")),
      h("div", { class: "dark-top" }, this.phase, this.clock), this.status, this.question, this.candle,
      // the buttons of the night sit low, above the card's, where a thumb reaches
      h("div", { class: "dark-spacer" }), this.actions, this.holdButton, this.card, this.host);
    this.lastKind = null;
    this.armed = null; // the standing decision whose confirmation is showing: "dead" or "body-found"
    this.voting = null; // the name picked for the day's vote, before its confirmation
    this.sending = false;
    this.onHide = () => {
      if (document.visibilityState === "hidden") this.showCard(false);
    };
    document.addEventListener("visibilitychange", this.onHide);
  }

  // A candle must not go out when the phone would lock: the screen stays on while it burns
  // (where the browser allows it; elsewhere the phone's own setting decides).
  async keepAwake(on) {
    if (on && !this.wake && navigator.wakeLock && document.visibilityState === "visible") {
      this.wake = "asking";
      try {
        this.wake = await navigator.wakeLock.request("screen");
        this.wake.addEventListener("release", () => { this.wake = null; });
      } catch {
        this.wake = null;
      }
    } else if (!on && this.wake && this.wake !== "asking") {
      const lock = this.wake;
      this.wake = null;
      lock.release().catch(() => {});
    }
  }

  // What this tab has already buzzed for: the newest event, the questions (sessionStorage, so
  // that a reload does not buzz again for what the player already felt).
  memory() {
    try {
      const saved = JSON.parse(sessionStorage.getItem(`wolfsbane.dark.${this.session.code}`) || "null");
      if (saved && Array.isArray(saved.asked) && Number.isInteger(saved.newest)) return saved;
    } catch {
      /* no storage: remembered until the page is closed */
    }
    return this.kept || { newest: -1, asked: [] };
  }

  remember(memory) {
    this.kept = memory;
    try {
      sessionStorage.setItem(`wolfsbane.dark.${this.session.code}`, JSON.stringify(memory));
    } catch {
      /* kept in memory only */
    }
  }

  // Press and hold: the card shows while a pointer (or the space or enter key) holds the button.
  bindHold(button) {
    const show = (ev) => {
      ev.preventDefault();
      if (ev.pointerId !== undefined && button.setPointerCapture) {
        try { button.setPointerCapture(ev.pointerId); } catch { /* released already */ }
      }
      this.showCard(true);
    };
    const hide = () => this.showCard(false);
    button.addEventListener("pointerdown", show);
    for (const name of ["pointerup", "pointercancel", "lostpointercapture", "blur"]) button.addEventListener(name, hide);
    button.addEventListener("contextmenu", (ev) => ev.preventDefault());
    button.addEventListener("keydown", (ev) => {
      if ((ev.key === " " || ev.key === "Enter") && !ev.repeat) show(ev);
    });
    button.addEventListener("keyup", (ev) => {
      if (ev.key === " " || ev.key === "Enter") hide();
    });
    button.addEventListener("click", (ev) => ev.preventDefault());
  }

  showCard(on) {
    if (on === !this.card.hidden) return;
    if (on) this.fillCard();
    else replace(this.card);
    this.card.hidden = !on;
    this.root.classList.toggle("holding", on);
    this.holdButton.setAttribute("aria-expanded", on ? "true" : "false");
    this.holdButton.textContent = on ? say("holding") : say("hold");
  }

  fillCard() {
    const view = this.session.view;
    const ed = view.edition;
    const you = view.you || {};
    const known = knownPlayers(this.session);
    const token = ghostTokens(this.session).get(you.name);
    // what this seat alone was told (the seer's thumbs, the vampire hunter's hands), newest first
    const told = this.session.events().filter((e) => e.kind === "InfoGiven" && e.about !== "know" && e.about !== "dead").reverse();
    const deck = this.session.events().find((e) => e.kind === "Announced" && e.about === "composition");
    replace(this.card,
      you.role ? h("h2", { class: "dark-role" }, you.card || roleName(ed, you.role)) : h("p", null, say("card_not_dealt")),
      you.team ? h("p", { class: "dark-team" }, say("your_team", { team: teamName(you.team, ed) })) : null,
      you.description ? h("p", { class: "dark-description" }, you.description) : null,
      h("h3", null, say("you_know")),
      known.length ? h("p", { class: "dark-known" }, say("known", { players: list(known) })) : h("p", null, say("nobody_known")),
      token ? h("p", null, say("ghost_token", { ghost: tokenName(this.session, token) })) : null,
      told.length ? h("ul", { class: "dark-told" }, told.map((e) => h("li", null, describe(ed, e, view.seat)))) : null,
      // the deck shown face up before the lights went out (none under mystery roles)
      deck ? h("p", { class: "dark-deck" }, describe(ed, deck, view.seat)) : null);
  }

  update() {
    const s = this.session;
    const view = s.view;
    const ed = view.edition;
    const kind = kindOf(view);
    const you = view.you || {};
    const ghost = you.alive === false;
    const decisions = view.decisions || [];
    const standing = decisions.filter((d) => STANDING.has(d.name));
    const asked = decisions.filter((d) => !STANDING.has(d.name));

    // what a player alone must notice: a question, whom they know or what they are told, the
    // night's end, the ghosts' wait over; each once, not again after a reload (this tab
    // remembers what it has already buzzed for)
    const memory = this.memory();
    let buzzed = false;
    const feel = (pattern) => {
      if (!buzzed) buzz(pattern);
      buzzed = true; // one buzz per update: several at once would blur into one anyway
    };
    for (const d of asked) {
      if (!memory.asked.includes(d.id)) feel(BUZZ.question);
      if (!memory.asked.includes(d.id)) memory.asked.push(d.id);
    }
    let phaseBefore = null;
    for (const e of s.events()) {
      if (e.index > memory.newest) {
        if (e.kind === "InfoGiven" && e.about !== "dead") feel(BUZZ.know);
        if (e.kind === "Announced" && e.about === "ghosts-leave" && ghost) feel(BUZZ.ghostGo);
        if (e.kind === "PhaseBegan" && phaseBefore && phaseKind(phaseBefore, ed) === "night") feel(BUZZ.nightOver);
      }
      phaseBefore = e.phase;
      memory.newest = Math.max(memory.newest, e.index);
    }
    memory.asked = memory.asked.slice(-50);
    this.remember(memory);
    if (kind !== this.lastKind) {
      this.armed = null;
      this.voting = null;
    }
    this.lastKind = kind;

    this.hostKey = refreshHostBar(this.host, s, this.hostKey);
    this.root.dataset.kind = kind;
    this.root.classList.toggle("ghost", ghost);
    const candle = ghost && kind === "night";
    this.root.classList.toggle("candle-on", candle);
    this.candle.hidden = !candle;
    this.keepAwake(candle);
    this.phase.textContent = phaseLabel(view.phase, ed);
    // the same words on every phone, whatever its card (a glance at a neighbour's phone must
    // tell nothing): what a seat was told shows only while its card is held, and it buzzes
    if (!this.problem) this.status.textContent = this.statusText(kind, ghost);
    if (this.card.hidden === false) this.fillCard();

    const key = JSON.stringify([decisions.map((d) => [d.id, d.choices]), kind, ghost, this.armed, this.voting, this.sending]);
    if (key !== this.drawn) {
      this.drawn = key;
      const hadFocus = this.root.contains(document.activeElement) && document.activeElement !== this.holdButton
        ? document.activeElement.id : null;
      replace(this.question, asked.map((d) => this.questionCard(d)));
      replace(this.actions, kind === "night" && !ghost ? this.standingButtons(standing) : null);
      if (hadFocus) {
        const again = document.getElementById(hadFocus);
        if (again) again.focus();
      }
    }
    this.tick();
  }

  statusText(kind, ghost) {
    const view = this.session.view;
    if (ghost) {
      const token = ghostTokens(this.session).get(view.you.name);
      const words = [say("ghost")];
      if (token) words.push(say("ghost_token", { ghost: tokenName(this.session, token) }));
      if (kind === "night") words.push(say("candle"));
      return words.join(" ");
    }
    if (kind === "night") return isBody(this.session) ? say("body") : say("night_alive");
    const vote = this.answered && this.answered.name === "vote" && this.answered.phase === view.phase ? this.answered : null;
    if (kind === "day" && vote) return vote.answer === null ? say("vote_none") : say("vote_cast", { player: vote.answer });
    if (kind === "day") return say("day_alive");
    if (kind === "dusk") return say("dusk");
    if (kind === "know") return say("know");
    return say("waiting");
  }

  // "I was killed" (a tap, then a second tap to confirm) and "Body found" (a tap, then the body's
  // name): always at hand at night, low on the screen where a thumb reaches.
  standingButtons(standing) {
    const dead = standing.find((d) => d.name === "dead");
    const body = standing.find((d) => d.name === "body-found");
    const out = [];
    if (this.armed === "body-found" && body) {
      const names = body.choices || [];
      out.push(h("div", { class: "dark-panel", role: "group", "aria-labelledby": "body-who" },
        h("p", { id: "body-who" }, names.length ? say("body_who") : say("body_none")),
        h("div", { class: "dark-choices" }, names.map((name) => h("button", {
          type: "button", class: "dark-big dark-name", id: `body-${name}`, disabled: this.sending,
          onclick: () => this.send(body, name),
        }, name))),
        h("button", { type: "button", class: "dark-big dark-back", id: "body-back", onclick: () => this.arm(null) }, say("back"))));
      return out;
    }
    if (body) {
      out.push(h("button", { type: "button", class: "dark-big dark-body", id: "dark-body", onclick: () => this.arm("body-found") }, say("body_found")));
    }
    if (dead) {
      const armed = this.armed === "dead";
      out.push(h("button", {
        type: "button", class: `dark-big dark-dead${armed ? " armed" : ""}`, id: "dark-dead", disabled: this.sending,
        "aria-describedby": "dead-hint",
        onclick: () => (armed ? this.send(dead, dead.kind === "yes-no" ? true : (dead.choices || ["yes"])[0]) : this.arm("dead")),
      }, armed ? say("killed_confirm") : say("killed")));
      out.push(h("p", { class: "dark-hint", id: "dead-hint" }, say("killed_hint")));
    }
    return out;
  }

  arm(which) {
    this.armed = which;
    clearTimeout(this.disarm);
    // an armed "I was killed" falls back after a few seconds: a stray tap changes nothing
    if (which === "dead") this.disarm = setTimeout(() => { this.armed = null; this.update(); }, 5000);
    this.update();
    const first = this.actions.querySelector(which === "body-found" ? ".dark-name, .dark-back" : "#dark-dead");
    if (first) first.focus();
  }

  async send(d, answer) {
    if (this.sending) return null;
    this.sending = true;
    this.update();
    const reply = await this.session.live.answer(d.id, answer);
    this.sending = false;
    this.armed = null;
    this.voting = null;
    if (reply && reply.type === "error") {
      // said where the player looks, for a few seconds, then the usual line again
      this.problem = errorText(reply, this.session.view.edition) || reply.detail || say("failed");
      clearTimeout(this.problemTimer);
      this.problemTimer = setTimeout(() => { this.problem = null; this.update(); }, 6000);
    } else {
      this.answered = { name: d.name, answer, phase: this.session.view.phase };
    }
    this.update();
    if (this.problem) this.status.textContent = this.problem;
    return reply;
  }

  // One question in big buttons: the vote (a tap, then "Yes, final"), the ghost's token, the
  // guide, the thumbs, the seer's point, or any other choice the edition asks.
  questionCard(d) {
    const s = this.session;
    const ed = s.view.edition;
    const prompt = decisionPrompt(ed, d, s.view.seat);
    const title = h("h2", { class: "dark-prompt" }, prompt);
    const choice = (value, label, attrs = {}) => h("button", {
      type: "button", class: "dark-big dark-name", disabled: this.sending, onclick: () => this.send(d, value), ...attrs,
    }, label);
    let body;
    if (d.kind === "yes-no") {
      const judging = d.name === "judge";
      body = [
        choice(true, say(judging ? "thumbs_up" : "yes"), { class: "dark-big dark-name thumb-up", id: `d${d.id}-yes` }),
        choice(false, say(judging ? "thumbs_down" : "no"), { class: "dark-big dark-name thumb-down", id: `d${d.id}-no` }),
      ];
    } else if (d.name === "vote" && this.voting !== null) {
      body = [
        h("p", { class: "dark-confirm" }, say("vote_confirm", { player: this.voting })),
        h("button", { type: "button", class: "dark-big dark-yes", id: "vote-yes", disabled: this.sending, onclick: () => this.send(d, this.voting) }, say("vote_yes")),
        h("button", { type: "button", class: "dark-big dark-back", id: "vote-back", onclick: () => { this.voting = null; this.update(); } }, say("back")),
      ];
    } else if (d.name === "vote") {
      body = (d.choices || []).map((name) => h("button", {
        type: "button", class: "dark-big dark-name", id: `vote-${name}`,
        onclick: () => { this.voting = name; this.update(); const yes = document.getElementById("vote-yes"); if (yes) yes.focus(); },
      }, name));
    } else {
      const label = (value) => (d.name === "choose-ghost" ? tokenName(s, value) : roleName(ed, value) || String(value));
      body = (d.choices || []).map((value, i) => choice(value, label(value), { id: `d${d.id}-${i}` }));
      if (d.optional) body.push(choice(null, say("skip"), { class: "dark-big dark-back", id: `d${d.id}-skip` }));
    }
    const deadline = s.clock && s.clock.deadlines ? s.clock.deadlines[String(d.id)] : null;
    return h("div", { class: "dark-ask", dataset: { decision: String(d.id), name: d.name } },
      title, deadline ? h("p", { class: "dark-left", dataset: { deadline: String(deadline) } }) : null,
      h("div", { class: "dark-choices", role: "group", "aria-label": prompt }, body));
  }

  tick() {
    const s = this.session;
    const clock = s.clock || {};
    const mine = (s.view.decisions || []).map((d) => clock.deadlines && clock.deadlines[String(d.id)]).find(Boolean);
    const left = remaining(s, tableClock(s, mine));
    this.clock.textContent = clock.paused ? say("paused_clock") : left !== null ? formatSeconds(left) : "";
    for (const el of this.question.querySelectorAll(".dark-left")) {
      const l = remaining(s, Number(el.dataset.deadline));
      el.textContent = l !== null ? say("time_left", { time: formatSeconds(l) }) : "";
    }
    this.tickGhostWait();
  }

  // A new ghost waits in the sanctuary before going out (`ghost-wait-seconds` from the night's
  // beginning); the phone counts it down and buzzes when it is over.
  tickGhostWait() {
    const s = this.session;
    const view = s.view;
    let line = this.root.querySelector(".ghost-wait");
    if (!(view.you && view.you.alive === false) || kindOf(view) !== "night") {
      if (line) line.remove();
      return;
    }
    if (!line) {
      line = h("p", { class: "ghost-wait", "aria-live": "polite" });
      this.status.after(line);
    }
    const wait = ((s.clock || {}).countdowns || {})["ghost-wait"];
    if (!ghostsMayLeave(s) && wait) {
      line.textContent = say("wait_left", { time: formatSeconds(remaining(s, wait)) });
    } else if (line.textContent !== say("ghost_go")) {
      line.textContent = say("ghost_go");
    }
  }

  destroy() {
    document.removeEventListener("visibilitychange", this.onHide);
    this.keepAwake(false);
    clearTimeout(this.disarm);
    clearTimeout(this.problemTimer);
  }
}

// -- the narrator device ---------------------------------------------------------------------

// A clear alarm: three loud square-wave beeps through WebAudio (the voice may be drowned by
// players shouting "Body found!").
class Alarm {
  constructor() {
    this.context = null;
  }

  unlock() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!this.context) this.context = new Context();
    if (this.context.state === "suspended") this.context.resume();
  }

  ring() {
    const ctx = this.context;
    if (!ctx) return false;
    const start = ctx.currentTime + 0.05;
    for (let i = 0; i < 3; i += 1) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "square";
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start + i * 0.35);
      gain.gain.exponentialRampToValueAtTime(0.5, start + i * 0.35 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.35 + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * 0.35);
      osc.stop(start + i * 0.35 + 0.3);
    }
    return true;
  }
}

// Public news: shown on the narrator's screen (every vote too), and spoken (the votes apart:
// everyone saw them pointed).
const SHOWN = new Set(["Announced", "VoteCast", "GameWon"]);
const SPOKEN = new Set(["Announced", "GameWon"]);
// what sounds the alarm: a body found, a clock run out (the night's; the day's, when the vote
// is called)
const ALARMS = { "body-found": "body-found", "time-up": "time", "vote-now": "time" };

// What the narrator says as a phase begins (the rest is the catalogue's: the Know phase's
// calls, the dusk's, the news), with the lengths of the table's clocks.
export function phaseLine(edition, phase, kind, { nightSeconds = 0, daySeconds = 0, ghosts = false } = {}) {
  const name = phaseLabel(phase, edition && edition.id);
  if (kind === "night") {
    // the night's call in the edition's own words (its night table), as the terminal says it
    const order = (edition && edition.night_order) || {};
    const turns = order[phase === "night 1" ? "first" : "other"] || order.other || [];
    const calls = turns.map((turn) => turn.words).filter(Boolean).join(" ") || say("lights_out");
    const line = say("night_begins", { phase: name, calls, length: lengthWords(nightSeconds) });
    return ghosts ? `${line} ${say("ghosts_wait")}` : line;
  }
  if (kind === "day") return say("day_begins", { phase: name, length: lengthWords(daySeconds) });
  if (kind === "dusk" || kind === "know") return say("phase_begins", { phase: name }); // then the catalogue's calls
  return null;
}

export class NarratorScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.root.classList.add("dark", "narrator");
    wordsOf = session.view && session.view.edition;
    window.scrollTo(0, 0);
    this.phase = h("h1", { class: "nar-phase" });
    this.clock = h("p", { class: "nar-clock", role: "timer", "aria-live": "off", id: "nar-clock" });
    this.caption = h("p", { class: "caption", "aria-live": "assertive", id: "narration" });
    this.spoken = h("ol", { id: "narration-log", class: "notes" });
    // what was said, kept with the session: the last words outlive this screen at the end
    this.lines = session.spoken || (session.spoken = []);
    this.narrator = new Narrator((text) => {
      this.caption.textContent = text;
      this.lines.push(text);
      this.spoken.appendChild(h("li", null, text));
    });
    this.alarm = new Alarm();
    this.alarms = 0;
    this.voiceButton = h("button", { type: "button", class: "dark-big", id: "voice-toggle", onclick: () => this.toggleVoice() }, say("voice_on"));
    // the host who pressed "start" on this device has already touched it: the browser lets it
    // speak and ring at once (after a reload, a tap on the button turns them on)
    if (navigator.userActivation && navigator.userActivation.hasBeenActive) this.voiceOn();
    this.news = h("ul", { class: "nar-news", id: "nar-news" });
    this.village = h("ul", { class: "nar-village", "aria-label": say("players") });
    this.host = h("div");
    root.append(
      h("div", { class: "nar-top" }, this.phase, this.clock),
      this.host,
      h("div", { class: "nar-voice" }, this.caption, this.voiceButton),
      h("section", { class: "nar-card", "aria-labelledby": "nar-news-title" }, h("h2", { id: "nar-news-title" }, say("announcements")), this.news),
      h("section", { class: "nar-card", "aria-labelledby": "nar-village-title" }, h("h2", { id: "nar-village-title" }, say("village")), this.village),
      h("details", { class: "nar-card" }, h("summary", null, say("said_log")), this.spoken));
    // the newest event already narrated: none when the game began before this screen's eyes
    // (the Know phase's calls are read out), else what a reload finds was said before
    this.heard = session.previousScreen === "lobby" ? -1 : null;
    this.warned = null; // the phase whose "one minute left" was said
    this.wake = null;
  }

  toggleVoice() {
    if (this.narrator.enabled) {
      this.narrator.enabled = false;
      this.narrator.cancel();
      this.voiceButton.textContent = say("voice_on");
      return;
    }
    this.voiceOn();
    this.narrator.say(say("ready"));
  }

  async voiceOn() {
    this.narrator.enabled = true;
    this.voiceButton.textContent = say("voice_off");
    this.alarm.unlock();
    // the narrator device must not fall asleep during a night
    try {
      if (navigator.wakeLock) this.wake = await navigator.wakeLock.request("screen");
    } catch {
      /* no wake lock here: keep the device awake by hand */
    }
  }

  ring(reason) {
    (this.session.alarms || (this.session.alarms = [])).push(reason); // outlives the screen
    this.alarms += 1;
    this.root.dataset.alarms = String(this.alarms);
    this.root.dataset.alarm = reason;
    if (this.narrator.enabled && this.alarm.ring()) {
      this.sounded = (this.sounded || 0) + 1;
      this.root.dataset.sounded = String(this.sounded);
    }
  }

  update() {
    const s = this.session;
    const view = s.view;
    const ed = view.edition;
    this.root.dataset.kind = kindOf(view);
    this.phase.textContent = phaseLabel(view.phase, ed);
    this.hostKey = refreshHostBar(this.host, s, this.hostKey);
    // a pause stops everyone where they are (someone hurt, a light needed): said aloud
    const paused = Boolean(s.clock && s.clock.paused);
    if (this.paused !== undefined && paused !== this.paused) {
      this.narrator.say(paused ? say("paused") : say("resumed"));
    }
    this.paused = paused;
    const events = s.events().filter((e) => !PRIVATE_KINDS.has(e.kind));
    const news = events.filter((e) => SHOWN.has(e.kind));
    replace(this.news, news.length ? news.slice(-14).reverse().map((e) => h("li", { class: `news-${e.about || e.kind}` }, describe(ed, e)))
      : h("li", null, say("nothing_yet")));
    const tokens = ghostTokens(s);
    const guide = [...events].reverse().find((e) => e.kind === "Announced" && e.about === "guide");
    const ghostWords = (name) => {
      const words = [tokens.has(name) ? say("ghost_named", { ghost: tokenName(s, tokens.get(name)) }) : say("ghost_mark")];
      if (guide && guide.player === name) words.push(say("the_guide"));
      return ` (${words.join(", ")})`;
    };
    replace(this.village, (view.players || []).map((p) => h("li", { class: p.alive ? "alive" : "ghost", dataset: { name: p.name } },
      h("span", { class: "pname" }, p.name), p.alive ? null : h("span", null, ghostWords(p.name)))));
    this.narrate(events);
    this.tick();
  }

  // Says what is new, in the order it happened: each phase as it begins, then the news. A
  // reload narrates nothing old: it was said before.
  narrate(events) {
    const s = this.session;
    const ed = s.view.edition;
    const newest = events.length ? events[events.length - 1].index : -1;
    if (this.heard === null) {
      this.heard = newest;
      return;
    }
    let before = null;
    for (const e of events) {
      const phaseBefore = before;
      before = e.phase;
      if (e.index <= this.heard) continue;
      if (e.kind === "PhaseBegan" && phaseBefore && phaseKind(phaseBefore, ed) === "know") {
        this.narrator.say(say("open_eyes"));
      }
      if (e.kind === "PhaseBegan") {
        const line = phaseLine(s.edition, e.phase_name || e.phase, phaseKind(e.phase_name || e.phase, ed), {
          nightSeconds: Number(option(s, "night-seconds")) || 0,
          daySeconds: Number(option(s, "day-seconds")) || 0,
          ghosts: (s.view.players || []).some((p) => !p.alive),
        });
        if (line) this.narrator.say(line);
      } else if (SPOKEN.has(e.kind)) {
        if (e.kind === "Announced" && ALARMS[e.about]) this.ring(ALARMS[e.about]);
        this.narrator.say(describe(ed, e));
      }
    }
    this.heard = Math.max(this.heard, newest);
  }

  tick() {
    const s = this.session;
    const clock = s.clock || {};
    const left = remaining(s, tableClock(s, null));
    this.clock.textContent = clock.paused ? say("paused_clock") : left !== null ? formatSeconds(Math.max(0, left)) : "";
    this.clock.classList.toggle("urgent", left !== null && left <= 10);
    document.title = left !== null && left > 0 ? `${formatSeconds(left)} \u00b7 wolfsbane` : "wolfsbane";
    // a long night warns a minute before its end
    const view = s.view;
    const night = kindOf(view) === "night";
    const length = Number(option(s, "night-seconds")) || 0;
    if (night && !clock.paused && left !== null && left <= 60 && left > 55 && length > 90 && this.warned !== view.phase) {
      this.warned = view.phase;
      this.narrator.say(say("minute_left"));
    }
  }

  destroy() {
    const s = this.session;
    if (s.view && s.view.over) {
      // the game ended: the end screen replaces this one, but the last news (the execution,
      // the winners) is still said, and the voice finishes its sentence
      this.narrate(s.events().filter((e) => !PRIVATE_KINDS.has(e.kind)));
    } else {
      this.narrator.cancel();
    }
    if (this.wake) this.wake.release().catch(() => {});
    document.title = "wolfsbane";
  }
}

// Whether an edition is played in the dark with this app as its companion (the edition says
// so: `played_in_the_dark` in /api/editions).
export function playedInTheDark(edition) {
  return Boolean(edition && edition.played_in_the_dark);
}
