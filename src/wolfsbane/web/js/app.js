// The page's entry point: routes (#/, #/join/CODE, #/game/CODE) and the live session.

import { Live, forgetSeat, request, savedSeat, saveSeat } from "./api.js";
import { h, replace, setStatus, toast } from "./dom.js";
import { homeScreen, joinScreen } from "./home.js";
import { LobbyScreen } from "./lobby.js";
import { SeatScreen } from "./seat.js";
import { BoardScreen } from "./board.js";
import { ModeratorScreen } from "./moderator.js";
import { EndScreen } from "./end.js";
import { DarkPhoneScreen, NarratorScreen, playedInTheDark } from "./dark.js";
import { GrimoireScreen } from "./grimoire.js";
import { scriptScreen } from "./script.js";
import { edition as editionOf, errorText, setEditions } from "./text.js";

const main = document.getElementById("main");
let session = null;

async function loadEditions() {
  const list = await request("GET", "/api/editions");
  setEditions(list);
  return list;
}

class Session {
  constructor(code, token) {
    this.code = code;
    this.token = token;
    this.me = null;
    this.info = null; // the lobby's public information
    this.view = null;
    this.eventMap = new Map();
    this.clock = null;
    this.skew = 0;
    this.controlled = [];
    this.screen = null;
    this.screenKind = null;
    this.live = new Live(code, token, (m) => this.onMessage(m), (s) => this.onConnection(s));
    this.timer = setInterval(() => this.screen && this.screen.tick && this.screen.tick(), 250);
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.live.wake();
    };
    document.addEventListener("visibilitychange", this.onVisible);
  }

  get edition() {
    const id = (this.view && this.view.edition) || (this.info && this.info.edition);
    return editionOf(id);
  }

  get isHost() {
    return Boolean(this.me && this.info && this.info.host && this.info.host.id === this.me.id);
  }

  events() {
    return [...this.eventMap.values()].sort((a, b) => a.index - b.index);
  }

  async start() {
    try {
      this.me = await request("GET", `/api/games/${this.code}/me`, undefined, this.token);
      this.info = await request("GET", `/api/games/${this.code}`, undefined, this.token);
    } catch (error) {
      if (error.status === 401) {
        forgetSeat(this.code);
        toast("That link no longer holds a place in this game.", "error");
        location.hash = `#/join/${this.code}`;
        return;
      }
      if (error.status === 404) {
        replace(main, h("section", { class: "card" }, h("h1", null, "No such game"),
          h("p", null, "There is no game with this code. "), h("a", { href: "#/" }, "Back to the start")));
        return;
      }
      throw error;
    }
    saveSeat(this.code, { token: this.token, name: this.me.name, kind: this.me.kind });
    this.live.connect();
  }

  stop() {
    clearInterval(this.timer);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.live.close();
    if (this.screen && this.screen.destroy) this.screen.destroy();
    this.screen = null;
  }

  onConnection(state) {
    const labels = {
      connecting: "connecting…", online: "", offline: "reconnecting…", refused: "not admitted",
      gone: "game not found", closed: "", replaced: "open in another window",
    };
    const text = labels[state] ?? state;
    setStatus(text ? h("span", { class: `conn conn-${state}` }, text) : "");
    if (state === "refused") {
      toast("This seat is no longer yours (were you removed from the game?).", "error");
    }
  }

  onMessage(message) {
    switch (message.type) {
      case "lobby":
        this.info = message.game;
        if (this.me && message.game.host) this.me.host = message.game.host.id === this.me.id;
        this.show("lobby");
        break;
      case "snapshot":
      case "update": {
        if (message.type === "snapshot" && this.view && this.view.phase === undefined) this.eventMap.clear();
        const seen = message.view;
        this.view = message.type === "snapshot" ? seen : { ...(this.view || {}), ...seen };
        for (const e of seen.events || []) this.eventMap.set(e.index, e);
        this.clock = message.clock;
        if (message.clock && message.clock.now) this.skew = message.clock.now - Date.now() / 1000;
        if (message.controlled) this.controlled = message.controlled;
        this.show(this.pickScreen());
        if (!this.dealtInfo && !(this.info && this.info.deck)) {
          // the lobby's information once the cards are dealt: the deck the table agreed
          this.dealtInfo = true;
          this.refreshInfo().then(() => this.screen && this.screen.update());
        }
        break;
      }
      case "rematch":
        this.rematch = message.code;
        if (this.screen && this.screen.onRematch) this.screen.onRematch(message.code);
        break;
      case "closed":
        toast("You were removed from this game.", "error");
        forgetSeat(this.code);
        break;
      case "error":
        if (!message.ref) toast(errorText(message), "error");
        break;
      default:
        break;
    }
  }

  pickScreen() {
    if (this.view.over) return "end";
    if (this.me.kind === "moderator") return this.view.grimoire ? "grimoire" : "moderator";
    // a game played in the dark: a near-black phone per seat, and a narrator device
    const dark = playedInTheDark(this.edition);
    if (this.me.kind === "spectator") return dark ? "narrator" : "board";
    return dark ? "dark" : "seat";
  }

  show(kind) {
    if (kind !== this.screenKind || !this.screen) {
      if (this.screen && this.screen.destroy) this.screen.destroy();
      const root = h("div", { class: `screen screen-${kind}` });
      replace(main, root);
      const Screen = {
        lobby: LobbyScreen, seat: SeatScreen, board: BoardScreen, moderator: ModeratorScreen, grimoire: GrimoireScreen, end: EndScreen,
        dark: DarkPhoneScreen, narrator: NarratorScreen,
      }[kind];
      this.previousScreen = this.screenKind; // a game that began before one's eyes: "lobby"
      this.screenKind = kind;
      this.screen = new Screen(root, this);
      document.body.dataset.screen = kind;
    }
    this.screen.update();
  }

  async refreshInfo() {
    try {
      this.info = await request("GET", `/api/games/${this.code}`, undefined, this.token);
    } catch {
      /* keep the old one */
    }
  }

  async post(path, body) {
    try {
      return await request("POST", `/api/games/${this.code}${path}`, body, this.token);
    } catch (error) {
      toast(error.message, "error");
      return null;
    }
  }
}

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query] = raw.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { parts, params: new URLSearchParams(query || "") };
}

async function route() {
  // a shared link: /?join=CODE
  const params = new URLSearchParams(location.search);
  if (params.get("join")) {
    const code = params.get("join").toUpperCase().replace(/[^A-Z0-9]/g, "");
    history.replaceState(null, "", `/#/join/${code}`);
  }
  if (session) {
    session.stop();
    session = null;
  }
  document.body.dataset.screen = "";
  setStatus("");
  const { parts, params: hashParams } = parseHash();
  try {
    if (parts[0] === "script" && parts[1]) {
      scriptScreen(main, parts[1]);
    } else if (parts[0] === "join" && parts[1]) {
      const code = parts[1].toUpperCase();
      const seat = savedSeat(code);
      if (seat && !hashParams.get("again")) {
        location.hash = `#/game/${code}`;
        return;
      }
      await joinScreen(main, code);
    } else if (parts[0] === "game" && parts[1]) {
      const code = parts[1].toUpperCase();
      // a personal link carries the token: #/game/CODE?t=TOKEN (moving to another device)
      const token = hashParams.get("t") || (savedSeat(code) || {}).token;
      if (hashParams.get("t")) {
        saveSeat(code, { token: hashParams.get("t"), name: "", kind: "" });
        history.replaceState(null, "", `/#/game/${code}`);
      }
      if (!token) {
        location.hash = `#/join/${code}`;
        return;
      }
      session = new Session(code, token);
      window.wolfsbane = session; // for debugging in the console
      await session.start();
    } else {
      await homeScreen(main);
    }
  } catch (error) {
    replace(main, h("section", { class: "card" }, h("h1", null, "Something went wrong"),
      h("p", null, error.message || String(error)), h("a", { href: "#/" }, "Back to the start")));
  }
  main.focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);
loadEditions().then(route, (error) => {
  replace(main, h("section", { class: "card" }, h("h1", null, "The server did not answer"),
    h("p", null, error.message || String(error))));
});
