// The lobby: share the game, see who is seated, and (for the host) fill, manage and start it.

import { h, replace, toast } from "./dom.js";
import { edition as editionOf, roleName } from "./text.js";

// "2 × Werewolf, Fortune Teller, Witch": the cards of a deck, in words.
function cardList(editionId, deck) {
  const counts = new Map();
  for (const id of deck) counts.set(id, (counts.get(id) || 0) + 1);
  return [...counts].map(([id, n]) => (n > 1 ? `${n} × ${roleName(editionId, id)}` : roleName(editionId, id))).join(", ");
}

function sentence(text) {
  const t = String(text || "").trim().replace(/\.$/, "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

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
    // (the buttons too are kept across redraws: one rebuilt between the press and the release
    // of a click gets no click, and the lobby redraws whenever someone joins or connects)
    this.fill = { seated: 0, target: 0 };
    this.addBotsButton = h("button", { type: "button", id: "add-bots", onclick: () => this.addBots(Number(this.botCount.value) || 1) }, "Add");
    this.fillBotsButton = h("button", { type: "button", id: "fill-bots", onclick: () => this.addBots(this.fill.target - this.fill.seated) });
    // how well the bots added next play (docs/bots.md: strong by default)
    this.botSkill = h("select", { id: "bot-skill" },
      h("option", { value: "strong", selected: true }, "Strong: reasons from the evidence"),
      h("option", { value: "easy" }, "Easy: makes mistakes, fun to beat"));
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
    const makeHost = (id, label) => h("button", { type: "button", class: "small", "aria-label": `Make host: ${label}`, onclick: () => this.handHost(id) }, "Make host");
    const focused = this.seatsBox.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    replace(this.seatsBox,
      h("p", { class: `count${n < info.min_players ? " warn" : ""}` }, `${n} of ${info.min_players}–${info.max_players} seats`),
      this.chairList(info, s, host, kick, makeHost),
      info.moderated ? h("p", null, "Moderator: ", info.moderator ? info.moderator.name : h("em", null, "nobody yet"),
        host && info.moderator && info.moderator.id !== s.me.id ? [" ", makeHost(info.moderator.id, info.moderator.name), " ", kick(info.moderator.id, info.moderator.name)] : null) : null,
      info.spectators.length ? h("div", null, h("h3", null, info.mode === "table" ? "Screens and spectators" : "Spectators"),
        h("ul", { class: "seats" }, info.spectators.map((p) => h("li", { class: "seat" }, h("span", { class: "pname" }, p.name),
          info.host && info.host.id === p.id ? h("span", { class: "badge host" }, "host") : null,
          p.id === s.me.id ? h("span", { class: "badge you" }, "you") : null,
          host && p.id !== s.me.id ? h("span", { class: "actions" }, makeHost(p.id, p.name), kick(p.id, p.name)) : null)))) : null);
    this.restoreFocus(focused);

    if (host) {
      const free = info.max_players - n;
      const sizes = (info.cards && info.cards.sizes) || [];
      // eight seats, or the nearest table the chosen cards can be dealt to (a LiCOS village
      // by name fixes it)
      const usual = Math.max(info.min_players, Math.min(8, info.max_players));
      const target = !sizes.length || sizes.includes(usual) ? usual
        : sizes.reduce((best, size) => (Math.abs(size - usual) < Math.abs(best - usual) ? size : best));
      const canStart = n >= info.min_players && n <= info.max_players && (!info.moderated || info.moderator);
      // a game played in the dark is played in one room by the people in it: no bots
      const inTheDark = Boolean(editionOf(info.edition) && editionOf(info.edition).played_in_the_dark);
      this.fill = { seated: n, target };
      this.addBotsButton.disabled = free <= 0;
      this.fillBotsButton.disabled = free <= 0 || n >= target;
      this.fillBotsButton.textContent = `Fill to ${target}`;
      replace(this.hostBox, h("section", { class: "card host-controls", "aria-labelledby": "host-title" },
        h("h2", { id: "host-title" }, "Host"),
        inTheDark ? null : h("div", { class: "bot-row" },
          h("label", { for: "bot-count" }, "Bots"), this.botCount,
          h("label", { for: "bot-skill" }, "Level"), this.botSkill,
          this.addBotsButton, this.fillBotsButton),
        inTheDark ? null : this.showBotsOption(info),
        info.moderated && !info.moderator ? h("p", { class: "hint" }, "A moderated game starts once someone takes the moderator's chair.") : null,
        h("button", { type: "button", class: "primary big", id: "start-game", disabled: !canStart, onclick: () => this.start() }, "Deal the cards and start"),
        n < info.min_players ? h("p", { class: "hint" }, inTheDark ? `At least ${info.min_players} players are needed: everyone in the room joins with the game's code.`
          : `At least ${info.min_players} players are needed: add bots or wait for friends.`) : null));
    } else {
      replace(this.hostBox, h("p", { class: "card hint waiting" }, `Waiting for ${info.host ? info.host.name : "the host"} to start the game…`));
    }
    const setup = info.setup || {};
    const ed = editionOf(info.edition);
    const setupWords = info.cards && info.cards.secret ? "kept secret: only the host knows the cards in play (mystery roles)"
      : setup.deck ? "the cards chosen by the host"
      : setup.preset ? (ed && ed.preset_words && ed.preset_words[setup.preset]) || (ed && ed.compositions && ed.compositions[setup.preset] ? `the published village ${setup.preset}` : `the preset "${setup.preset}"`)
      : "the recommended cards for the number of players";
    const cards = info.cards || {};
    const dealt = info.deck || cards.deck;
    let deck = dealt ? [`${setupWords}: `, cardList(info.edition, dealt)]
      : [setupWords, cards.problem ? h("span", { class: "hint" }, ` (${sentence(cards.problem)})`) : null];
    if (dealt && ed && ed.storyteller_run) deck = typeCounts(ed, dealt); // the bag is the storyteller's secret
    const settings = (info.settings || []).map((item) => h("li", null, h("strong", null, `${item.label}: `), item.value));
    const t = info.timers || {};
    replace(this.settingsBox, h("section", { class: "card settings" }, h("h2", null, "Settings"),
      h("dl", null,
        h("dt", null, "Mode"), h("dd", null, info.mode === "table" ? "Around one table (narrated)" : "Online"),
        h("dt", null, `Cards for ${n} player${n === 1 ? "" : "s"}`), h("dd", { id: "lobby-cards" }, deck),
        h("dt", null, ed && ed.storyteller_run ? "Storyteller" : "Moderator"),
        h("dd", null, info.moderated ? "a person" : info.practice ? "automatic (a practice game)" : "automatic"),
        h("dt", null, "Timers"), h("dd", null, `night ${t.night}s · day ${t.day}s · question ${t.decision}s`),
        settings.length ? [h("dt", null, "Options"), h("dd", null, h("ul", { class: "settings-list", id: "lobby-options" }, settings))] : null)));
  }

  // Host: whether everyone sees which seats are bots (the host always does).
  showBotsOption(info) {
    const box = h("input", {
      type: "checkbox", id: "show-bots", checked: info.show_bots !== false, "aria-describedby": "show-bots-hint",
      onchange: async () => {
        await this.session.post("/show-bots", { show: box.checked });
        const again = this.root.querySelector("#show-bots");
        if (again) again.focus();
      },
    });
    return h("div", { class: "field" },
      h("label", { class: "check", for: "show-bots" }, box, " Show which seats are bots"),
      h("small", { class: "hint", id: "show-bots-hint" }, "Off: only you see which seats are bots; to everyone else every seat looks like a person's."));
  }

  // The chairs around the table, clockwise from seat 1: people, bots and empty chairs. A player
  // may sit on an empty chair or a bot's (the bot moves to the chair left); the host may move
  // anyone the same way.
  chairList(info, s, host, kick, makeHost) {
    const byChair = new Map(info.seats.map((seat, i) => [seat.position || i + 1, seat]));
    const highest = Math.max(0, ...byChair.keys());
    const shown = this.allChairs ? info.max_players : Math.min(info.max_players, Math.max(info.min_players, highest + 1));
    if (this.moving && !info.seats.some((seat) => seat.id === this.moving.id)) this.moving = null;
    const moving = host ? this.moving : null;
    const seated = s.me.kind === "player";
    const chairs = [];
    for (let chair = 1; chair <= shown; chair += 1) {
      const seat = byChair.get(chair);
      const label = h("span", { class: "chair-no", "aria-hidden": "true" }, String(chair));
      const free = !seat || seat.bot;
      let action = null;
      if (moving && free && (!seat || seat.id !== moving.id)) {
        action = h("button", { type: "button", class: "small primary", dataset: { key: `move-${chair}` }, "aria-label": `Move ${moving.name} here: seat ${chair}${seat ? ` (${seat.name} moves to seat ${moving.position})` : ""}`, onclick: () => this.pickSeat(chair, moving.id) }, "Move here");
      } else if (!moving && seated && free) {
        action = h("button", { type: "button", class: "small", dataset: { key: `sit-${chair}` }, "aria-label": `Sit here: seat ${chair}${seat ? ` (${seat.name} moves to your seat)` : ""}`, onclick: () => this.pickSeat(chair) }, "Sit here");
      }
      if (!seat) {
        chairs.push(h("li", { class: "seat chair empty", dataset: { chair } }, label,
          h("span", { class: "pname muted" }, h("span", { class: "sr-only" }, `Seat ${chair}: `), "empty"),
          action ? h("span", { class: "actions" }, action) : null));
        continue;
      }
      const me = seat.id === s.me.id;
      const moveBtn = host && !moving ? h("button", { type: "button", class: "small", dataset: { key: `mover-${seat.id}` }, "aria-label": `Move ${seat.name} to another seat`, onclick: () => this.startMove(seat, chair) }, "Move") : null;
      chairs.push(h("li", { class: `seat chair${moving && moving.id === seat.id ? " moving" : ""}`, dataset: me ? { chair, key: "me" } : { chair }, tabindex: me ? -1 : null }, label,
        h("span", { class: `status-dot ${seat.bot ? "bot" : seat.connected ? "on" : "off"}`, "aria-hidden": "true" }, seat.bot ? "⚙" : "●"),
        h("span", { class: "pname" }, h("span", { class: "sr-only" }, `Seat ${chair}: `), seat.name),
        seat.bot ? h("span", { class: "badge" }, "bot") : h("span", { class: "sr-only" }, seat.connected ? " (connected)" : " (not connected)"),
        info.host && info.host.id === seat.id ? h("span", { class: "badge host" }, "host") : null,
        me ? h("span", { class: "badge you" }, "you") : null,
        action || moveBtn || (host && !me) ? h("span", { class: "actions" }, action, moveBtn,
          host && !me && !moving ? [seat.bot ? null : makeHost(seat.id, seat.name), kick(seat.id, seat.name)] : null) : null));
    }
    return [
      moving ? h("p", { class: "moving-note", role: "status" }, `Moving ${moving.name} (seat ${moving.position}): choose an empty seat or a bot's. `,
        h("button", { type: "button", class: "small", dataset: { key: "cancel-move" }, onclick: () => this.cancelMove() }, "Cancel")) : null,
      h("ol", { class: "seats chairs", "aria-label": "Seats, clockwise around the table" }, chairs),
      shown < info.max_players || this.allChairs ? h("button", { type: "button", class: "small linkish", dataset: { key: "all-chairs" }, "aria-expanded": String(Boolean(this.allChairs)), onclick: () => { this.allChairs = !this.allChairs; this.update(); } },
        this.allChairs ? "Show fewer seats" : `Show all ${info.max_players} seats`) : null,
      seated && !moving ? h("p", { class: "hint" }, "Seats go clockwise around the table. Taking a bot's seat moves the bot to the seat you leave; another person's seat cannot be taken.") : null,
    ];
  }

  restoreFocus(key) {
    if (!key) return;
    const same = this.seatsBox.querySelector(`[data-key="${CSS.escape(key)}"]`);
    const target = same || (this.moving ? this.seatsBox.querySelector("[data-key^='move-']") : null) || this.seatsBox.querySelector("[data-key='me']");
    if (target) target.focus();
  }

  startMove(seat, chair) {
    this.moving = { id: seat.id, name: seat.name, position: chair };
    this.update();
    const first = this.seatsBox.querySelector("[data-key^='move-']");
    if (first) first.focus();
  }

  cancelMove() {
    const id = this.moving && this.moving.id;
    this.moving = null;
    this.update();
    const back = id && this.seatsBox.querySelector(`[data-key="mover-${CSS.escape(id)}"]`);
    if (back) back.focus();
  }

  async pickSeat(position, participant) {
    const body = participant ? { position, participant } : { position };
    const done = await this.session.post("/seat", body);
    if (!done) return;
    this.moving = null;
    // the lobby message over the WebSocket redraws too; this makes the change show at once
    await this.session.refreshInfo();
    this.update();
    const mine = this.seatsBox.querySelector("[data-key='me']");
    if (!participant && mine) mine.focus();
    toast(participant ? `Moved to seat ${position}.` : `You sit in seat ${position}.`);
  }

  async addBots(count) {
    if (count > 0) await this.session.post("/bots", { count, skill: this.botSkill.value });
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

// The bag's make-up by type, which the table knows (Clocktower: "3 Townsfolk, 1 Minion..."),
// never the characters the storyteller will choose.
function typeCounts(ed, deck) {
  const names = { townsfolk: "Townsfolk", outsider: "Outsiders", minion: "Minions", demon: "Demons" };
  const counts = new Map(Object.keys(names).map((t) => [t, 0]));
  for (const id of deck) {
    const r = ed.roles.find((x) => x.id === id);
    if (r && counts.has(r.type)) counts.set(r.type, counts.get(r.type) + 1);
  }
  const parts = [...counts].map(([t, n]) => `${n} ${n === 1 ? names[t].replace(/s$/, "") : names[t]}`);
  return `${parts.join(", ")}; the storyteller fills the bag.`;
}
