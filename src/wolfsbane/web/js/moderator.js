// The moderator's grimoire: every seat's card and markers, every open question, the
// storyteller's choices with their automatic suggestion, and the clock.

import { h, replace, toast } from "./dom.js";
import { decisionLabel, phaseLabel, roleName, teamName } from "./text.js";
import { townSquare } from "./square.js";
import { Chat, countdown, decisionCard, phaseHeader, tickClocks, timeline } from "./widgets.js";

export class ModeratorScreen {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.header = h("div", { class: "phase-bar" });
    this.controls = h("section", { class: "card mod-controls", "aria-label": "Clock" });
    this.curtain = h("section", { class: "card curtain", "aria-live": "polite", "aria-label": "What the players see" });
    this.storyteller = h("section", { class: "card decisions storyteller", "aria-labelledby": "st-title" });
    this.grimoire = h("section", { class: "card grimoire", "aria-labelledby": "grim-title" });
    this.log = h("section", { class: "card history", "aria-labelledby": "log-title" });
    this.speakAs = h("select", { "aria-label": "Speak as", id: "speak-as" });
    this.chat = new Chat(session, {
      seat: null,
      anyChannel: true,
      onSend: (channel, message) => {
        if (!this.speakAs.value) {
          toast("Take over a seat to speak for it.", "error");
          return Promise.resolve(null);
        }
        return session.live.say(channel, message, this.speakAs.value);
      },
    });
    this.chatWrap = h("div", null, h("label", { class: "speak-as" }, "Speak as ", this.speakAs), this.chat.el);
    this.key = null;
    this.square = h("div");
    root.append(this.header, this.controls, this.curtain, this.square,
      h("div", { class: "mod-grid" },
        h("div", null, this.storyteller, this.grimoire),
        h("div", null, this.chatWrap, this.log)));
  }

  update() {
    const s = this.session;
    const view = s.view;
    const ed = view.edition;
    replace(this.header, phaseHeader(s));
    const paused = s.clock && s.clock.paused;
    replace(this.controls,
      paused ? h("button", { type: "button", class: "primary", id: "resume", onclick: () => s.post("/resume") }, "▶ Resume")
        : h("button", { type: "button", id: "pause", onclick: () => s.post("/pause") }, "❚❚ Pause"),
      h("button", { type: "button", id: "extend-30", onclick: () => s.post("/extend", { seconds: 30 }) }, "+30 s for this phase"),
      h("button", { type: "button", onclick: () => s.post("/extend", { seconds: 120 }) }, "+2 min"));
    this.showCurtain();
    const squareKey = JSON.stringify([view.phase, view.players, s.events().length]);
    if (squareKey !== this.squareKey) {
      this.squareKey = squareKey;
      replace(this.square, townSquare(s));
    }

    const controlled = new Set(s.controlled || []);
    const byId = JSON.stringify([view.decisions.map((d) => d.id), [...controlled], s.clock && s.clock.deadlines, paused]);
    const rebuild = byId !== this.key;
    this.key = byId;
    const answer = (d, value) => s.live.answer(d.id, value, d.seat === "storyteller" ? undefined : d.seat);
    if (rebuild) {
      const st = view.decisions.filter((d) => d.seat === "storyteller");
      replace(this.storyteller, h("h2", { id: "st-title" }, "Storyteller's decisions"),
        st.length ? st.map((d) => decisionCard(s, d, { onAnswer: answer, showSeat: false, suggestion: true }))
          : h("p", { class: "hint" }, "Nothing waits on you. Each storyteller's choice appears here with the automatic suggestion."));
      this.storyteller.classList.toggle("active", st.length > 0);
    }

    const bots = new Set(((s.info && s.info.seats) || []).filter((seat) => seat.bot).map((seat) => seat.name));
    const cards = (view.players || []).map((p) => {
      const open = view.decisions.filter((d) => d.seat === p.name);
      const isControlled = controlled.has(p.name);
      return h("li", { class: `grim-seat team-${p.team}${p.alive ? "" : " dead"}${isControlled ? " controlled" : ""}`, dataset: { name: p.name } },
        h("div", { class: "grim-head" },
          h("span", { class: "pname" }, p.name, bots.has(p.name) ? h("span", { class: "badge bot" }, "bot") : null),
          h("span", { class: "status" }, p.alive ? "alive" : "dead")),
        p.role ? h("p", { class: "grim-role" }, roleName(ed, p.role), h("small", null, ` · ${teamName(p.team)}`))
          : h("p", { class: "grim-role hint" }, "not dealt yet"),
        (p.markers || []).length ? h("p", null, p.markers.map((m) => h("span", { class: `badge marker-${m}` }, m))) : null,
        open.length ? h("p", { class: "pending" }, `Waiting on: ${open.map((d) => decisionLabel(d.name)).join(", ")}`, " ", open.map((d) => h("button", {
          type: "button", class: "small", onclick: () => s.post("/extend", { seconds: 15, decision: d.id }),
          "aria-label": `+15 s for ${p.name}: ${decisionLabel(d.name)}`,
        }, "+15 s"))) : null,
        isControlled && open.length ? open.map((d) => decisionCard(s, d, { onAnswer: answer })) : null,
        h("button", { type: "button", class: "small", onclick: () => s.post(isControlled ? "/handback" : "/takeover", { seat: p.name }) },
          isControlled ? "Hand the seat back" : "Take over this seat"));
    });
    if (rebuild) {
      replace(this.grimoire, h("h2", { id: "grim-title" }, "Grimoire"), h("ul", { class: "grim" }, cards));
    }
    const current = this.speakAs.value;
    replace(this.speakAs, h("option", { value: "" }, "— take over a seat first —"),
      [...controlled].map((name) => h("option", { value: name, selected: name === current }, name)));
    this.chat.seat = this.speakAs.value || null;
    this.chat.update();
    this.chatWrap.hidden = false;
    replace(this.log, h("h2", { id: "log-title" }, "Everything, as it happens ", h("small", { class: "hint" }, "newest first")),
      timeline(ed, s.events().slice(-120), { audience: true, newestFirst: true }));
    this.tick();
  }

  // Every turn of the night may be over while the night goes on: its length never changes (so
  // that it gives nothing away), and dawn waits for its clock. Say so, and until when.
  showCurtain() {
    const curtain = this.session.clock && this.session.clock.curtain;
    this.curtain.hidden = !curtain;
    if (!curtain) return;
    replace(this.curtain,
      h("p", null, h("strong", null, `The players still see ${phaseLabel(curtain.players_see)}`), " for ",
        countdown(curtain.until), "."),
      h("p", { class: "hint" }, "A night always lasts the same, so that its length tells nobody which roles woke. "
        + "Every turn of this night is over; dawn comes when the night's time runs out. "
        + "Time you add to the phase makes the night longer."));
  }

  tick() {
    tickClocks(this.root, this.session);
  }
}
