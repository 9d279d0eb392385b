// One seat's screen: the card, what you know, your decisions, the table, the talk, the history.

import { h, replace } from "./dom.js";
import { CHAT_KINDS, PRIVATE_KINDS, describe, isNight, phaseLabel, roleName } from "./text.js";
import { notesBox, townSquare } from "./square.js";
import { Chat, dayBallot, dayVoteCard, decisionCard, refreshHostBar, phaseHeader, playerList, roleCard, tickClocks, timeline, voteBoard } from "./widgets.js";

export class SeatScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    const table = session.info && session.info.mode === "table";
    this.header = h("div", { class: "phase-bar" });
    this.host = h("div");
    this.card = h("div");
    this.decisions = h("section", { class: "card decisions", "aria-labelledby": "dec-title" });
    this.knows = h("section", { class: "card knows", "aria-labelledby": "knows-title" });
    this.players = h("section", { class: "card", "aria-labelledby": "players-title" });
    this.history = h("section", { class: "card history", "aria-labelledby": "history-title" });
    this.chat = new Chat(session, {
      seat: session.me.name,
      hideVillage: table,
      onSend: (channel, message) => session.live.say(channel, message),
    });
    this.decisionKey = null;
    this.square = h("div");
    this.notes = notesBox(session.code);
    root.append(this.header,
      this.host,
      h("div", { class: "seat-grid" },
        h("div", { class: "col-main" }, this.decisions, this.card, this.knows, this.notes),
        h("div", { class: "col-side" }, this.square, this.chat.el, this.players, this.history)));
  }

  update() {
    const s = this.session;
    const view = s.view;
    replace(this.header, phaseHeader(s));
    this.hostKey = refreshHostBar(this.host, s, this.hostKey);
    this.showCard();
    // the waiting text depends on the phase and on being alive, not only on the questions
    const key = JSON.stringify([view.decisions.map((d) => d.id), s.clock && s.clock.deadlines, s.clock && s.clock.paused,
      s.clock && s.clock.vote, view.phase, view.you && view.you.alive]);
    if (key !== this.decisionKey) {
      this.decisionKey = key;
      const open = view.decisions || [];
      replace(this.decisions,
        h("h2", { id: "dec-title" }, open.length ? "Your move" : "Nothing to do right now"),
        open.length ? open.map((d) => (dayBallot(s, d) ? dayVoteCard(s, d) : decisionCard(s, d, { onAnswer: (dd, a) => s.live.answer(dd.id, a) })))
          : [h("p", { class: "hint" }, waitingText(view)), voteBoard(s)]);
      this.decisions.classList.toggle("active", open.length > 0);
    }
    const events = s.events();
    const ed = view.edition;
    const mine = events.filter((e) => PRIVATE_KINDS.has(e.kind));
    // a hidden card hides what would tell it: the secrets learnt, the channels one talks on
    const hidden = cardHidden(s.code);
    replace(this.knows, h("h2", { id: "knows-title" }, "What you know ", h("small", { class: "hint" }, "newest first")),
      tableDeck(s, events),
      hidden ? h("p", { class: "hint" }, "Hidden along with your card.") : mine.length ? h("ul", { class: "notes" }, mine.slice().reverse().map((e) => h("li", null, h("span", { class: "when" }, phaseLabel(e.phase)), " ", describe(ed, e, view.seat))))
        : h("p", { class: "hint" }, "Nothing secret yet."));
    replace(this.players, h("h2", { id: "players-title" }, "The village"), playerList(s, { me: view.seat }));
    const squareKey = JSON.stringify([view.phase, view.players, events.length]);
    if (squareKey !== this.squareKey) {
      this.squareKey = squareKey;
      replace(this.square, townSquare(s, { me: view.seat }));
    }
    this.chat.update();
    if (hidden) this.chat.el.hidden = true;
    // a withdrawn question (Clocktower's standing nominations, after each one) is no news
    const publicEvents = events.filter((e) => !PRIVATE_KINDS.has(e.kind) && !CHAT_KINDS.has(e.kind) && e.kind !== "DecisionWithdrawn");
    replace(this.history, h("h2", { id: "history-title" }, "What happened ", h("small", { class: "hint" }, "newest first")),
      timeline(ed, publicEvents.slice(-80), { seat: view.seat, newestFirst: true }));
    this.tick();
  }

  // The card, face up or face down as the player last left it on this device (a phone at a
  // table); redrawn only when it changes, so the hide/show button keeps the focus.
  showCard() {
    const view = this.session.view;
    const me = (view.players || []).find((p) => view.you && p.name === view.you.name) || {};
    const hidden = cardHidden(this.session.code);
    const key = JSON.stringify([view.you, me.markers, hidden]);
    if (key === this.cardKey) return;
    const hadFocus = this.card.contains(document.activeElement);
    this.cardKey = key;
    replace(this.card, roleCard(this.session, {
      hidden,
      onToggle: () => {
        setCardHidden(this.session.code, !cardHidden(this.session.code));
        this.update();
      },
    }));
    if (hadFocus) {
      const button = this.card.querySelector("#card-toggle");
      if (button) button.focus();
    }
  }

  tick() {
    tickClocks(this.root, this.session);
  }
}

// Games whose card this device shows face down, remembered across reloads.
const HIDDEN_KEY = "wolfsbane.card-hidden";
const hiddenCodes = new Set(readHidden());

function readHidden() {
  try {
    const codes = JSON.parse(localStorage.getItem(HIDDEN_KEY) || "[]");
    return Array.isArray(codes) ? codes.filter((c) => typeof c === "string") : [];
  } catch {
    return [];
  }
}

function cardHidden(code) {
  return hiddenCodes.has(code);
}

function setCardHidden(code, hidden) {
  hiddenCodes.delete(code);
  if (hidden) hiddenCodes.add(code);
  try {
    localStorage.setItem(HIDDEN_KEY, JSON.stringify([...hiddenCodes].slice(-20)));
  } catch {
    /* no storage (private browsing): remembered until the page is closed */
  }
}

function waitingText(view) {
  if (view.you && !view.you.alive) return "You are out of the game, but you can keep watching.";
  if (isNight(view.phase, view.edition)) return "Close your eyes… the night goes on. Others may be acting.";
  return "Talk with the village. Your vote will appear here when it is time.";
}

// The deck the table agreed before the deal (Millers Hollow's card mix), when the edition does
// not announce its composition itself (LiCOS's counts, Wherewolf's possible cards do).
export function tableDeck(session, events) {
  const deck = session.info && session.info.deck;
  // a storyteller's bag is theirs to choose and secret (Clocktower): the table is not told it
  if (session.edition && session.edition.storyteller_run) return null;
  if (!deck || !deck.length || events.some((e) => e.kind === "Announced" && e.about === "composition")) return null;
  const ed = session.view.edition;
  const counts = new Map();
  for (const id of deck) counts.set(id, (counts.get(id) || 0) + 1);
  const words = [...counts].map(([id, n]) => (n > 1 ? `${n} × ${roleName(ed, id)}` : roleName(ed, id)));
  return h("p", { class: "hint table-deck" }, `The cards in this game: ${words.join(", ")}.`);
}
