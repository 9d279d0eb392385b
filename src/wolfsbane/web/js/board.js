// The public board: for spectators online, and the shared screen of a table game, which
// also narrates the night aloud.
//
// The narration calls every turn of the edition's night order (the first night's, or every
// later night's), dealt or not, each as its slot of the night's fixed length opens: the
// engine gives a turn two shares of the night when it asks something, one when it only tells
// (core/night.py `slot_ends`), and the phones are asked on the same slots. What is said and
// when never depends on which cards were dealt or on what anyone does.

import { formatSeconds, h, replace } from "./dom.js";
import { CHAT_KINDS, PRIVATE_KINDS, describe, isNight, phaseLabel, talkBadge, talkText } from "./text.js";
import { tableDeck } from "./seat.js";
import { townSquare } from "./square.js";
import { refreshHostBar, phaseHeader, playerList, remaining, tickClocks, timeline, voteBoard } from "./widgets.js";

// The turns of a night: the edition's night order, or (for an edition without one) every role
// that has a decision.
export function nightTurns(edition, phase) {
  const order = (edition && edition.night_order) || {};
  const turns = order[phase === "night 1" ? "first" : "other"] || order.other;
  if (turns && turns.length) return turns;
  return (edition ? edition.roles : []).filter((r) => (r.decisions || []).length)
    .map((r) => ({ id: r.id, called: r.name, decisions: r.decisions }));
}

export function narrationScript(edition, phase) {
  const lines = [{ slot: "intro", text: "Night falls on the village. Everyone, close your eyes." }];
  nightTurns(edition, phase).forEach((turn, k) => {
    const slot = `${k}:${turn.id}`;
    const share = (turn.decisions || []).length ? 2 : 1; // as the engine shares the night out
    lines.push({ slot, text: `${turn.called}, open your eyes and do what you must.`, role: turn.called, share });
    lines.push({ slot, text: `${turn.called}, close your eyes.`, role: turn.called, close: true, share });
  });
  lines.push({ slot: "outro", text: "The night is ending. Keep your eyes closed until the sun rises." });
  return lines;
}

// When each line is spoken, as fractions of the night: each turn is called as its slot opens
// and closes its eyes before the slot ends; the night falls at its beginning and the closing
// words come late in the last slot.
export function schedule(lines) {
  const slots = [];
  const shares = new Map();
  for (const line of lines) {
    if (!line.role || shares.has(line.slot)) continue;
    slots.push(line.slot);
    shares.set(line.slot, line.share || 1);
  }
  const total = slots.reduce((sum, slot) => sum + shares.get(slot), 0);
  const begins = new Map();
  let reached = 0;
  for (const slot of slots) {
    begins.set(slot, reached / total);
    reached += shares.get(slot);
  }
  const last = slots.length ? slots[slots.length - 1] : null;
  return lines.map((line) => {
    if (line.slot === "intro") return { ...line, at: 0 };
    if (line.slot === "outro") {
      return { ...line, at: last === null ? 0.9 : begins.get(last) + 0.9 * shares.get(last) / total };
    }
    const width = shares.get(line.slot) / total;
    return { ...line, at: begins.get(line.slot) + width * (line.close ? 0.8 : 0.05) };
  });
}

export class Narrator {
  constructor(onLine) {
    this.onLine = onLine;
    this.enabled = false;
    this.timers = [];
    this.phase = null;
    this.voice = "speechSynthesis" in window;
  }

  say(text) {
    this.onLine(text);
    if (!this.enabled || !this.voice) return;
    try {
      const u = new SpeechSynthesisUtterance(text);
      u.rate = 0.95;
      u.pitch = 0.9;
      window.speechSynthesis.speak(u);
    } catch {
      /* no voice on this device: the captions still show */
    }
  }

  cancel() {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    if (this.voice) {
      try {
        window.speechSynthesis.cancel();
      } catch {
        /* ignore */
      }
    }
  }

  // A new phase began: plan its narration. `length` is the phase's whole length in seconds,
  // `left` how much of it remains (a reloaded screen joins the script where it stands).
  phaseBegan(phase, edition, length, left, announcements) {
    if (phase === this.phase) return;
    this.phase = phase;
    this.cancel();
    if (isNight(phase)) {
      const lines = schedule(narrationScript(edition, phase));
      const elapsed = Math.max(0, length - left);
      for (const line of lines) {
        const wait = line.at * length - elapsed;
        if (wait < -1) continue;
        this.timers.push(setTimeout(() => this.say(line.text), Math.max(0, wait) * 1000));
      }
    } else if (phase && phase !== "setup" && phase !== "end") {
      this.say(`${phaseLabel(phase)}. Everyone, open your eyes.`);
      for (const text of announcements) this.timers.push(setTimeout(() => this.say(text), 2500));
    }
  }
}

export class BoardScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.table = session.info && session.info.mode === "table";
    this.header = h("div", { class: "phase-bar big" });
    this.players = h("section", { class: "card board-players", "aria-labelledby": "board-players-title" });
    this.news = h("section", { class: "card news", "aria-labelledby": "news-title" });
    this.history = h("section", { class: "card history", "aria-labelledby": "bh-title" });
    this.talk = h("section", { class: "card talk-card", "aria-labelledby": "talk-title" });
    this.caption = h("p", { class: "caption", "aria-live": "assertive", id: "narration" });
    this.lines = [];
    this.spoken = h("ol", { id: "narration-log", class: "notes" });
    this.narrator = new Narrator((text) => {
      this.caption.textContent = text;
      this.lines.push(text);
      this.spoken.appendChild(h("li", null, text));
    });
    this.voiceButton = h("button", { type: "button", class: "primary", id: "voice-toggle", onclick: () => this.toggleVoice() }, "Turn the voice on");
    this.host = h("div");
    this.vote = h("div", { class: "board-vote" });
    const parts = [this.header, this.host, this.vote];
    if (this.table) {
      parts.push(h("section", { class: "card narration", "aria-label": "Narration" },
        h("div", { class: "narration-row" }, this.caption, this.voiceButton),
        h("p", { class: "hint" }, "This screen reads the night aloud. Every role is called every night, in the edition's order, and the night always lasts the same, so nothing gives the cards away."),
        h("details", { class: "more" }, h("summary", null, "What the narrator said"), this.spoken)));
    } else {
      parts.push(h("p", { class: "card hint" }, "You are watching: you see what the whole village sees, and no secrets."));
    }
    this.square = h("div");
    parts.push(this.square);
    parts.push(h("div", { class: "board-grid" }, this.players,
      h("div", null, this.news, this.talk, this.history)));
    root.append(...parts);
    this.phaseSeen = null;
  }

  toggleVoice() {
    this.narrator.enabled = !this.narrator.enabled;
    this.voiceButton.textContent = this.narrator.enabled ? "Mute the voice" : "Turn the voice on";
    if (this.narrator.enabled) this.narrator.say("The narrator is ready.");
  }

  update() {
    const s = this.session;
    const view = s.view;
    const ed = view.edition;
    replace(this.header, phaseHeader(s));
    this.hostKey = refreshHostBar(this.host, s, this.hostKey);
    this.showVote();
    replace(this.players, h("h2", { id: "board-players-title" }, "The village"), playerList(s));
    const squareKey = JSON.stringify([view.phase, view.players, s.events().length]);
    if (squareKey !== this.squareKey) {
      this.squareKey = squareKey;
      replace(this.square, townSquare(s));
    }
    const events = s.events().filter((e) => !PRIVATE_KINDS.has(e.kind));
    const talk = events.filter((e) => CHAT_KINDS.has(e.kind));
    const publicEvents = events.filter((e) => !CHAT_KINDS.has(e.kind));
    const latest = publicEvents.filter((e) => e.kind === "Announced" || e.kind === "PlayerExecuted").slice(-4);
    replace(this.news, h("h2", { id: "news-title" }, "Latest news"),
      tableDeck(s, events),
      latest.length ? h("ul", { class: "notes big-notes" }, latest.slice().reverse().map((e) => h("li", null, describe(ed, e)))) : h("p", { class: "hint" }, "Nothing yet."));
    this.showTalk(ed, talk);
    replace(this.history, h("h2", { id: "bh-title" }, "What happened ", h("small", { class: "hint" }, "newest first")),
      timeline(ed, publicEvents.slice(-60), { newestFirst: true }));
    if (this.table && view.phase !== this.phaseSeen) {
      this.phaseSeen = view.phase;
      const clock = s.clock || {};
      const left = remaining(s, clock.phase_deadline) ?? 0;
      const length = this.phaseLength(view.phase, left);
      const dawnNews = publicEvents.filter((e) => e.phase === view.phase && e.kind === "Announced").map((e) => describe(ed, e));
      const lastNight = publicEvents.filter((e) => isNight(e.phase) && e.kind === "Announced" && e.phase !== view.phase).slice(-3);
      this.narrator.phaseBegan(view.phase, s.edition, length, left, dawnNews.length ? dawnNews : lastNight.map((e) => describe(ed, e)));
    }
    this.tick();
  }

  // The day's vote as it stands: who has voted and how many are left (redrawn only when it
  // changes, so the countdowns keep ticking smoothly).
  showVote() {
    const vote = this.session.clock && this.session.clock.vote;
    const key = JSON.stringify(vote || null);
    if (key === this.voteKey) return;
    this.voteKey = key;
    replace(this.vote, voteBoard(this.session, { big: true }));
  }

  // What the village says aloud, the bots' claims and accusations included: the latest
  // messages, the newest at the top.
  showTalk(ed, talk) {
    this.talk.hidden = !talk.length;
    if (!talk.length) return;
    replace(this.talk, h("h2", { id: "talk-title" }, "The village says ", h("small", { class: "hint" }, "newest first")),
      h("ol", { class: "talk-feed" }, talk.slice(-12).reverse().map((e) => {
        const badge = talkBadge(e.message);
        return h("li", { class: "msg" },
          h("span", { class: "who" }, e.kind === "Overheard" ? "someone" : e.player),
          badge ? h("span", { class: `badge talk-${e.message.type}` }, badge) : null,
          h("span", { class: "what" }, talkText(ed, e.message)));
      })));
  }

  phaseLength(phase, left) {
    const timers = (this.session.info && this.session.info.timers) || {};
    const configured = isNight(phase) ? timers.night : timers.day;
    // the edition may set its own lengths; never plan past the phase's real end
    return Math.max(left, Math.min(configured || left, left + 1)) || left;
  }

  tick() {
    tickClocks(this.root, this.session);
    const clock = this.session.clock || {};
    const left = remaining(this.session, clock.phase_deadline);
    document.title = left !== null && left > 0 ? `${formatSeconds(left)} · wolfsbane` : "wolfsbane";
  }

  destroy() {
    this.narrator.cancel();
    document.title = "wolfsbane";
  }
}
