// The lobby: share the game, see who is seated, and (for the host) fill, manage and start it.

import { h, replace, toast } from "./dom.js";
import { roleName } from "./text.js";

export class LobbyScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.link = `${location.origin}/?join=${session.code}`;
    this.personal = `${location.origin}/#/game/${session.code}?t=${encodeURIComponent(session.token)}`;
    this.seatsBox = h("div");
    this.hostBox = h("div");
    this.settingsBox = h("div");
    this.botCount = h("input", { type: "number", min: 1, max: 30, value: 1, id: "bot-count", inputmode: "numeric" });
    const share = h("section", { class: "card share", "aria-labelledby": "share-title" },
      h("h2", { id: "share-title" }, "Invite people"),
      h("p", { class: "big-code" }, h("span", { class: "sr-only" }, "Game code "), session.code),
      h("div", { class: "share-row" },
        h("input", { type: "text", readonly: true, value: this.link, "aria-label": "Join link", id: "join-link", onfocus: (e) => e.target.select() }),
        h("button", { type: "button", onclick: () => this.copy(this.link) }, "Copy")),
      h("img", { class: "qr", src: `/api/games/${session.code}/qr.svg`, alt: `QR code for the join link of game ${session.code}`, width: 180, height: 180 }),
      h("details", { class: "more" }, h("summary", null, "Your own link (to continue on another device)"),
        h("p", { class: "hint" }, "This link is your seat: keep it to yourself."),
        h("div", { class: "share-row" },
          h("input", { type: "text", readonly: true, value: this.personal, "aria-label": "Your personal link", onfocus: (e) => e.target.select() }),
          h("button", { type: "button", onclick: () => this.copy(this.personal) }, "Copy"))));
    this.title = h("h1");
    root.append(
      h("div", { class: "lobby-head" }, this.title, h("p", { class: "hint", id: "lobby-you" })),
      h("div", { class: "lobby-grid" },
        h("div", null, h("section", { class: "card", "aria-labelledby": "seats-title" }, h("h2", { id: "seats-title" }, "At the table"), this.seatsBox), this.hostBox),
        h("div", null, share, this.settingsBox)));
  }

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      toast("Copied.");
    } catch {
      toast("Select the link and copy it.");
    }
  }

  update() {
    const s = this.session;
    const info = s.info;
    if (!info) return;
    const host = s.isHost;
    replace(this.title, `${info.edition_name}`, h("span", { class: "sub" }, ` · waiting to start`));
    const you = this.root.querySelector("#lobby-you");
    you.textContent = `You are ${s.me.name}, ${s.me.kind === "player" ? "seated" : s.me.kind === "moderator" ? "the moderator" : info.mode === "table" ? "the table screen" : "watching"}${host ? ", and you host this game" : ""}.`;
    const n = info.seats.length;
    const kick = (id, label) => h("button", { type: "button", class: "small danger", "aria-label": `Remove ${label}`, onclick: () => this.kick(id) }, "Remove");
    const makeHost = (id, label) => h("button", { type: "button", class: "small", "aria-label": `Make ${label} the host`, onclick: () => this.handHost(id) }, "Make host");
    replace(this.seatsBox,
      h("p", { class: `count${n < info.min_players ? " warn" : ""}` }, `${n} of ${info.min_players}–${info.max_players} seats`),
      h("ol", { class: "seats" }, info.seats.map((seat) => h("li", { class: "seat" },
        h("span", { class: `status-dot ${seat.bot ? "bot" : seat.connected ? "on" : "off"}`, "aria-hidden": "true" }, seat.bot ? "⚙" : "●"),
        h("span", { class: "pname" }, seat.name),
        seat.bot ? h("span", { class: "badge" }, "bot") : h("span", { class: "sr-only" }, seat.connected ? " (connected)" : " (not connected)"),
        info.host && info.host.id === seat.id ? h("span", { class: "badge host" }, "host") : null,
        seat.id === s.me.id ? h("span", { class: "badge you" }, "you") : null,
        host && seat.id !== s.me.id ? h("span", { class: "actions" }, seat.bot ? null : makeHost(seat.id, seat.name), kick(seat.id, seat.name)) : null))),
      info.moderated ? h("p", null, "Moderator: ", info.moderator ? info.moderator.name : h("em", null, "nobody yet"),
        host && info.moderator && info.moderator.id !== s.me.id ? [" ", makeHost(info.moderator.id, info.moderator.name), " ", kick(info.moderator.id, info.moderator.name)] : null) : null,
      info.spectators.length ? h("div", null, h("h3", null, info.mode === "table" ? "Screens and spectators" : "Spectators"),
        h("ul", { class: "seats" }, info.spectators.map((p) => h("li", { class: "seat" }, h("span", { class: "pname" }, p.name),
          info.host && info.host.id === p.id ? h("span", { class: "badge host" }, "host") : null,
          p.id === s.me.id ? h("span", { class: "badge you" }, "you") : null,
          host && p.id !== s.me.id ? h("span", { class: "actions" }, makeHost(p.id, p.name), kick(p.id, p.name)) : null)))) : null);

    if (host) {
      const free = info.max_players - n;
      const canStart = n >= info.min_players && n <= info.max_players && (!info.moderated || info.moderator);
      replace(this.hostBox, h("section", { class: "card host-controls", "aria-labelledby": "host-title" },
        h("h2", { id: "host-title" }, "Host"),
        h("div", { class: "bot-row" },
          h("label", { for: "bot-count" }, "Bots"), this.botCount,
          h("button", { type: "button", id: "add-bots", disabled: free <= 0, onclick: () => this.addBots(Number(this.botCount.value) || 1) }, "Add"),
          h("button", { type: "button", id: "fill-bots", disabled: free <= 0 || n >= Math.max(info.min_players, 8), onclick: () => this.addBots(Math.max(info.min_players, Math.min(8, info.max_players)) - n) },
            `Fill to ${Math.max(info.min_players, Math.min(8, info.max_players))}`)),
        info.moderated && !info.moderator ? h("p", { class: "hint" }, "A moderated game starts once someone takes the moderator's chair.") : null,
        h("button", { type: "button", class: "primary big", id: "start-game", disabled: !canStart, onclick: () => this.start() }, "Deal the cards and start"),
        n < info.min_players ? h("p", { class: "hint" }, `At least ${info.min_players} players are needed: add bots or wait for friends.`) : null));
    } else {
      replace(this.hostBox, h("p", { class: "card hint waiting" }, `Waiting for ${info.host ? info.host.name : "the host"} to start the game…`));
    }
    const setup = info.setup || {};
    const deck = setup.deck ? setup.deck.map((r) => roleName(info.edition, r)).join(", ") : setup.preset ? `preset "${setup.preset}"` : "recommended for the number of players";
    const options = Object.entries(info.options || {}).map(([k, v]) => `${k}: ${v}`).join(" · ");
    const t = info.timers || {};
    replace(this.settingsBox, h("section", { class: "card settings" }, h("h2", null, "Settings"),
      h("dl", null,
        h("dt", null, "Mode"), h("dd", null, info.mode === "table" ? "Around one table (narrated)" : "Online"),
        h("dt", null, "Cards"), h("dd", null, deck),
        h("dt", null, "Moderator"), h("dd", null, info.moderated ? "a person" : "automatic"),
        h("dt", null, "Timers"), h("dd", null, `night ${t.night}s · day ${t.day}s · question ${t.decision}s`),
        options ? [h("dt", null, "Options"), h("dd", null, options)] : null)));
  }

  async addBots(count) {
    if (count > 0) await this.session.post("/bots", { count });
  }

  async kick(id) {
    try {
      await fetch(`/api/games/${this.session.code}/participants/${encodeURIComponent(id)}`, {
        method: "DELETE", headers: { Authorization: `Bearer ${this.session.token}` },
      }).then(async (r) => {
        if (!r.ok) throw new Error((await r.json()).detail);
      });
    } catch (error) {
      toast(error.message, "error");
    }
  }

  async handHost(id) {
    await this.session.post("/host", { to: id });
  }

  async start() {
    const ok = await this.session.post("/start");
    if (ok) toast("The game has started.");
  }
}
