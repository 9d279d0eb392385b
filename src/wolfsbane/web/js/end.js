// The end of the game: who won, every card, every night action and every vote, in order;
// and a new game with the same people.

import { request, saveSeat, savedSeat } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { roleName, teamName } from "./text.js";
import { timeline } from "./widgets.js";
import { grimoireReveal } from "./grimoire.js";

export class EndScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.banner = h("section", { class: "card end-banner", "aria-live": "polite" });
    this.roles = h("section", { class: "card", "aria-labelledby": "roles-title" });
    this.timeline = h("section", { class: "card reveal", "aria-labelledby": "reveal-title" },
      h("h2", { id: "reveal-title" }, "The whole story"), h("p", { class: "hint" }, "Loading…"));
    this.again = h("div", { class: "again" });
    this.grimoire = h("div");
    root.append(this.banner, this.again, this.grimoire, h("div", { class: "end-grid" }, this.roles, this.timeline));
    this.loaded = false;
    this.poll = setInterval(() => this.checkRematch(), 3000);
    this.checkRematch();
  }

  update() {
    const s = this.session;
    const outcome = s.view.outcome || {};
    const me = s.view.seat;
    const won = me && (outcome.winners || []).includes(me);
    replace(this.banner,
      h("p", { class: "eyebrow" }, "Game over"),
      h("h1", null, `Victory for ${teamName(outcome.winner, s.view.edition)}`),
      h("p", null, outcome.reason ? `${outcome.reason.charAt(0).toUpperCase()}${outcome.reason.slice(1)}.` : ""),
      me ? h("p", { class: `verdict ${won ? "won" : "lost"}` }, won ? "You won!" : "You lost this time.") : null,
      outcome.winners && outcome.winners.length ? h("p", { class: "hint" }, `Winners: ${outcome.winners.join(", ")}`) : null);
    this.renderAgain();
    if (!this.loaded) {
      this.loaded = true;
      this.load();
    }
  }

  async load() {
    const s = this.session;
    try {
      const data = await request("GET", `/api/games/${s.code}/reveal`, undefined, s.token);
      const ed = data.edition;
      // an answer already told by its own event (a vote cast, a pick shown to the pack) is
      // not repeated
      const shown = new Set();
      for (const e of data.timeline) {
        if (e.kind === "VoteCast") shown.add(`${e.phase}|${e.player}|${e.about === "sheriff" ? "elect" : "vote"}`);
        if (e.kind === "ActionTaken") shown.add(`${e.phase}|${e.player}|${e.decision}`);
      }
      replace(this.grimoire, grimoireReveal(data));
      replace(this.roles, h("h2", { id: "roles-title" }, "Who was who"),
        h("ul", { class: "players reveal-roles" }, data.players.map((p) => h("li", { class: `player team-${p.team}${p.alive ? "" : " dead"}` },
          h("span", { class: "status-dot", "aria-hidden": "true" }, p.alive ? "●" : "✝"),
          h("span", { class: "pname" }, p.name),
          h("span", { class: `prole team-${p.team}` }, roleName(ed, p.role)),
          h("small", null, p.alive ? "survived" : "died")))));
      replace(this.timeline, h("h2", { id: "reveal-title" }, "The whole story"),
        h("p", { class: "hint" }, "Every card, every night action and every vote, in the order they happened."),
        timeline(ed, data.timeline.filter((e) => !(e.kind === "Answered" && (e.auto || shown.has(`${e.phase}|${e.seat}|${e.decision}`)))), { audience: true }));
    } catch (error) {
      // the server may not have stored the game's end yet: try again shortly
      this.attempts = (this.attempts || 0) + 1;
      if (error.status === 409 && this.attempts < 30) {
        replace(this.timeline, h("h2", { id: "reveal-title" }, "The whole story"), h("p", { class: "hint" }, "The story is shown in a moment…"));
        this.retry = setTimeout(() => this.load(), 1000);
        return;
      }
      replace(this.timeline, h("h2", { id: "reveal-title" }, "The whole story"), h("p", { class: "form-error" }, error.message));
    }
  }

  renderAgain() {
    const code = this.rematch || this.session.rematch;
    replace(this.again,
      h("button", { type: "button", class: "primary big", id: "play-again", onclick: () => this.playAgain() },
        code ? "Join the next game with the same people" : "Play again with the same people"),
      " ",
      h("a", { href: "#/", class: "button" }, "Back to the start"),
      code ? h("p", { class: "hint" }, `A new lobby (${code}) is open.`) : null);
  }

  onRematch(code) {
    this.rematch = code;
    this.renderAgain();
  }

  async checkRematch() {
    try {
      const data = await request("GET", `/api/games/${this.session.code}/rematch`);
      if (data.code && data.code !== this.rematch) this.onRematch(data.code);
    } catch {
      /* the next poll will tell */
    }
  }

  async playAgain() {
    const s = this.session;
    if (this.rematch && savedSeat(this.rematch)) {
      location.hash = `#/game/${this.rematch}`;
      return;
    }
    try {
      const made = await request("POST", `/api/games/${s.code}/rematch`, undefined, s.token);
      saveSeat(made.code, { token: made.token, name: made.participant.name, kind: made.participant.kind });
      location.hash = `#/game/${made.code}`;
    } catch (error) {
      toast(error.message, "error");
    }
  }

  tick() {}

  destroy() {
    clearInterval(this.poll);
    clearTimeout(this.retry);
  }
}
