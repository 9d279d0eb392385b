// The town square: the seats in a circle in seating order, for every edition, on a phone as
// well as on a TV. Each seat shows its name, alive or dead, a dead player's single vote
// (Clocktower's ghost vote: held or spent), whether it is nominated today, and how it voted on
// the day's last count. Below the circle, the day's nominations and votes in words.
//
// Clocktower's vote is a clock hand: once the hands of a nomination are counted, the hand
// sweeps from the seat after the nominee round the circle, each hand raised or lowered in
// turn, and the count grows against what the nominee needs. Everything here is drawn from
// what the reader's own view holds (public events), so that a phone shows nothing more.

import { h, replace } from "./dom.js";
import { describe, isNight, phaseLabel } from "./text.js";

const SWEEP_STEP_MS = 450; // one seat of the clock hand's sweep
const played = new Set(); // nominations whose sweep this page has already shown

function reducedMotion() {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The day's story from public events: each nomination with its hands, in order. */
export function dayNominations(events, phase) {
  const out = [];
  let current = null;
  for (const e of events) {
    if (e.phase !== phase) continue;
    if (e.kind === "Announced" && (e.about === "nomination" || e.about === "exile-called")) {
      current = { index: e.index, by: e.by, nominee: e.player, exile: e.about === "exile-called", hands: [], result: null };
      out.push(current);
    } else if (e.kind === "VoteCast" && current && e.nominee === current.nominee) {
      current.hands.push({ player: e.player, raised: e.target !== null && e.target !== undefined, hands: e.hands || 1 });
    } else if (e.kind === "Announced" && current && (e.about === "votes" || e.about === "exile") && e.player === current.nominee) {
      current.result = e;
    }
  }
  return out;
}

/** Which dead players have spent their one vote (a hand raised after they died). */
export function ghostVotes(events, players) {
  const diedAt = new Map();
  for (const e of events) if (e.kind === "PlayerDied") diedAt.set(e.player, e.index);
  const spent = new Set();
  for (const e of events) {
    if (e.kind !== "VoteCast" || e.exile || e.target === null || e.target === undefined) continue;
    const died = diedAt.get(e.player);
    // an awoken Banshee raises two hands without a token
    if (died !== undefined && e.index > died && (e.hands || 1) < 2) spent.add(e.player);
  }
  const out = new Map();
  for (const p of players) if (!p.alive) out.set(p.name, spent.has(p.name) ? "spent" : "held");
  return out;
}

function seatAngle(k, n) {
  return (360 * k) / Math.max(n, 1); // seat 1 at the top, clockwise
}

// Where seat k of n sits on the circle, in percentages of the board.
function seatPlace(k, n) {
  const radians = (seatAngle(k, n) * Math.PI) / 180;
  const left = 50 + 41 * Math.sin(radians);
  const top = 50 - 41 * Math.cos(radians);
  return `left: ${left.toFixed(2)}%; top: ${top.toFixed(2)}%`;
}

/** The town square for `session`'s view. `me`: the reader's seat; `token(p)`: extra content
 * for a seat (the grimoire's character token and reminders); `label`: the section's title. */
export function townSquare(session, { me = null, token = null, title = "The town square", id = "square" } = {}) {
  const view = session.view;
  const ed = view.edition;
  const players = view.players || [];
  const events = session.events();
  const clocktower = ed === "clocktower";
  const day = !isNight(view.phase, ed) && view.phase !== "setup";
  const nominations = day ? dayNominations(events, view.phase) : [];
  const last = nominations[nominations.length - 1] || null;
  const nominatedToday = new Set(nominations.filter((n) => !n.exile).map((n) => n.nominee));
  const ghosts = clocktower ? ghostVotes(events, players) : new Map();
  const lastHands = new Map((last ? last.hands : []).map((hand) => [hand.player, hand]));
  // other editions: how each seat voted today (the day's VoteCast events)
  const votedFor = new Map();
  if (!clocktower && day) {
    for (const e of events) if (e.kind === "VoteCast" && e.phase === view.phase) votedFor.set(e.player, e.target);
  }
  const n = players.length;
  const seats = players.map((p, k) => {
    const ghost = ghosts.get(p.name);
    const hand = lastHands.get(p.name);
    const status = p.alive ? "alive" : "dead";
    const words = [p.name === me ? `${p.name} (you)` : p.name, status];
    if (ghost) words.push(ghost === "held" ? "has their vote token" : "has spent their vote");
    if (nominatedToday.has(p.name)) words.push("nominated today");
    if (hand) words.push(hand.raised ? (hand.hands > 1 ? "raised both hands" : "raised a hand") : "kept their hand down");
    if (votedFor.has(p.name)) words.push(votedFor.get(p.name) ? `voted for ${votedFor.get(p.name)}` : "abstained");
    return h("li", {
      class: `sq-seat${p.alive ? "" : " dead"}${p.name === me ? " me" : ""}${nominatedToday.has(p.name) ? " nominated" : ""}`
        + `${hand ? (hand.raised ? " hand-up" : " hand-down") : ""}`,
      style: seatPlace(k, n),
      dataset: { name: p.name, seat: String(k + 1) },
    },
    h("span", { class: "sq-disc", "aria-hidden": "true" }, p.alive ? String(k + 1) : "✝"),
    h("span", { class: "sq-name" }, p.name),
    h("span", { class: "sr-only" }, `, ${words.slice(1).join(", ")}`),
    h("span", { class: "sq-marks", "aria-hidden": "true" },
      ghost ? h("span", { class: `sq-ghost ${ghost}`, title: ghost === "held" ? "vote token" : "vote spent" }, ghost === "held" ? "◉" : "○") : null,
      nominatedToday.has(p.name) ? h("span", { class: "sq-nom", title: "nominated today" }, "⚖") : null,
      hand ? h("span", { class: "sq-hand" }, hand.raised ? "✋" : "—") : null,
      votedFor.has(p.name) ? h("span", { class: "sq-vote" }, votedFor.get(p.name) ? `→ ${votedFor.get(p.name)}` : "—") : null),
    token ? h("div", { class: "sq-token" }, token(p)) : null);
  });
  const hand = h("div", { class: "clock-hand", "aria-hidden": "true" });
  const count = h("p", { class: "sq-count", "aria-live": "polite" });
  const centre = h("div", { class: "sq-centre" },
    h("p", { class: "sq-phase" }, phaseLabel(view.phase, ed)),
    count);
  const circle = h("ol", { class: `sq-circle seats-${Math.min(n, 20)}`, "aria-label": "Seats in seating order, clockwise" }, seats);
  const wrap = h("div", { class: "sq-board" }, circle, hand, centre);
  const section = h("section", { class: "card square", "aria-labelledby": `${id}-title`, id },
    h("h2", { id: `${id}-title` }, title), wrap, ledger(ed, nominations, me));
  if (clocktower && last && !last.exile) sweep(players, last, hand, circle, count, ed);
  else hand.hidden = true;
  return section;
}

// The day's nominations and votes in words, newest last.
function ledger(ed, nominations, me) {
  if (!nominations.length) return null;
  return h("div", { class: "sq-ledger" }, h("h3", null, "Today"),
    h("ol", { class: "notes" }, nominations.map((nom) => {
      const raised = nom.hands.filter((x) => x.raised);
      const words = nom.result ? describe(ed, nom.result, me)
        : `${nom.exile ? "The exile of" : "The vote on"} ${nom.nominee}: hands are being raised.`;
      return h("li", { class: "sq-nomination", dataset: { nominee: nom.nominee } },
        h("strong", null, nom.exile ? `${nom.by} calls for the exile of ${nom.nominee}. ` : `${nom.by} nominates ${nom.nominee}. `),
        words, raised.length ? h("small", { class: "hint" }, ` Hands up: ${raised.map((x) => x.player).join(", ")}.`) : null);
    })));
}

// The clock hand: still at the seat after the nominee while the hands are raised; once they are
// counted, a sweep round the circle (shown once per nomination, and at once when the reader
// asks for less motion).
function sweep(players, nomination, hand, circle, count, ed) {
  const n = players.length;
  const nomineeAt = players.findIndex((p) => p.name === nomination.nominee);
  if (nomineeAt < 0) return;
  const order = [];
  for (let step = 1; step <= n; step += 1) order.push((nomineeAt + step) % n);
  const byName = new Map(nomination.hands.map((x) => [x.player, x]));
  const needed = nomination.result ? nomination.result.needed : null;
  const at = (k) => {
    hand.style.setProperty("--angle", `${seatAngle(k, n)}deg`);
  };
  if (!nomination.hands.length) {
    at(order[0]);
    count.textContent = `The hand starts at ${players[order[0]].name}.`;
    return;
  }
  const total = (upTo) => order.slice(0, upTo).reduce((sum, k) => {
    const x = byName.get(players[k].name);
    return sum + (x && x.raised ? x.hands : 0);
  }, 0);
  const finish = () => {
    at(nomineeAt);
    const got = total(order.length);
    count.textContent = needed !== null ? `${got} hands for ${nomination.nominee}` : `${got} hands`;
    circle.classList.remove("sweeping");
  };
  const key = `${nomination.index}`;
  if (played.has(key) || reducedMotion()) {
    finish();
    return;
  }
  played.add(key);
  circle.classList.add("sweeping");
  // the hands are hidden, then shown seat by seat as the hand passes
  for (const li of circle.children) li.classList.add("sq-pending");
  let step = 0;
  const next = () => {
    if (!hand.isConnected && step > 0) return; // redrawn meanwhile: the new drawing shows it
    if (step >= order.length) {
      finish();
      return;
    }
    const k = order[step];
    at(k);
    const li = circle.children[k];
    if (li) li.classList.remove("sq-pending");
    step += 1;
    count.textContent = `${total(step)} hands so far`;
    setTimeout(next, SWEEP_STEP_MS);
  };
  at(order[0]);
  setTimeout(next, 50);
  void ed;
}

/** The label of a raised-hand ballot (Clocktower's yes/no vote). */
export function handLabel(value) {
  return value ? "Raise my hand" : "Keep my hand down";
}

// -- a player's private notes ---------------------------------------------------------------

function notesKey(code) { return `wolfsbane.notes.${code}`; }

/** A player's own notes for this game, kept on this device only (never sent). */
export function notesBox(code) {
  let saved = "";
  try {
    saved = localStorage.getItem(notesKey(code)) || "";
  } catch {
    saved = "";
  }
  const area = h("textarea", { id: "my-notes", rows: 5, maxlength: 5000, placeholder: "Who claimed what, who you trust…" });
  area.value = saved;
  const note = h("small", { class: "hint" }, "Kept on this device only: nobody else sees them.");
  area.addEventListener("input", () => {
    try {
      localStorage.setItem(notesKey(code), area.value);
    } catch {
      note.textContent = "This browser keeps no notes (private browsing): they last until the page closes.";
    }
  });
  return h("section", { class: "card notes-box", "aria-labelledby": "notes-title" },
    h("h2", { id: "notes-title" }, h("label", { for: "my-notes" }, "My notes")), area, note);
}
