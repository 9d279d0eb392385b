// The start page: create a game, join one by code, find your recent games.

import { request, saveSeat, savedGames } from "./api.js";
import { field, h, replace, toast } from "./dom.js";
import { allEditions, edition as editionOf } from "./text.js";

const QUICK = { night: 30, day: 120, decision: 20 };

function number(value, attrs = {}) {
  return h("input", { type: "number", inputmode: "decimal", value, ...attrs });
}

function optionControl(id, option) {
  if (typeof option.default === "boolean") {
    const box = h("input", { type: "checkbox", checked: option.default, name: id });
    return h("label", { class: "check option" }, box, " ", h("span", null, h("strong", null, id), ": ", option.description));
  }
  let control;
  if (option.choices) {
    control = h("select", { name: id }, option.choices.map((c) => h("option", { value: String(c), selected: c === option.default }, String(c))));
  } else if (typeof option.default === "number") {
    control = number(option.default, { name: id, step: "any", min: option.minimum ?? undefined, max: option.maximum ?? undefined });
  } else {
    control = h("input", { type: "text", name: id, value: option.default ?? "" });
  }
  return field(id, control, option.description);
}

function readOption(option, el) {
  const control = el.querySelector("input, select");
  if (typeof option.default === "boolean") return control.checked;
  if (typeof option.default === "number") return Number(control.value);
  if (option.choices && option.choices.length && typeof option.choices[0] === "number") return Number(control.value);
  return control.value;
}

export async function homeScreen(main) {
  const editions = allEditions();
  const name = h("input", { type: "text", required: true, maxlength: 24, autocomplete: "nickname", name: "name" });
  const editionSelect = h("select", { name: "edition" }, editions.map((e) => h("option", { value: e.id }, e.name)));
  const summary = h("p", { class: "hint" });
  const setupBox = h("div", { class: "setup" });
  const optionsBox = h("div", { class: "options" });
  const mode = h("fieldset", { class: "radio-row" }, h("legend", null, "Where do you play?"),
    h("label", null, h("input", { type: "radio", name: "mode", value: "online", checked: true }), " Online, each on their own device"),
    h("label", null, h("input", { type: "radio", name: "mode", value: "table" }), " Around one table: a shared screen narrates, phones hold the cards"));
  const moderated = h("input", { type: "checkbox", name: "moderated" });
  const as = h("fieldset", { class: "radio-row" }, h("legend", null, "You are"),
    h("label", null, h("input", { type: "radio", name: "as", value: "player", checked: true }), " a player (you take a seat)"),
    h("label", null, h("input", { type: "radio", name: "as", value: "spectator" }), " the table screen or a spectator"),
    h("label", { class: "needs-moderated" }, h("input", { type: "radio", name: "as", value: "moderator", disabled: true }), " the moderator"));
  const timers = {
    night: number(QUICK.night, { min: 1, max: 3600, step: "any", name: "night" }),
    day: number(QUICK.day, { min: 1, max: 7200, step: "any", name: "day" }),
    decision: number(QUICK.decision, { min: 1, max: 3600, step: "any", name: "decision" }),
    grace: number("", { min: 0.1, max: 600, step: "any", name: "grace", placeholder: "default" }),
    bot_delay: number("", { min: 0, max: 60, step: "any", name: "bot_delay", placeholder: "default" }),
    scale: number("", { min: 0.001, max: 10, step: "any", name: "scale", placeholder: "1" }),
  };
  const seed = number("", { min: 0, step: 1, name: "seed", placeholder: "random" });
  const error = h("p", { class: "form-error", role: "alert" });

  moderated.addEventListener("change", () => {
    const radio = as.querySelector('input[value="moderator"]');
    radio.disabled = !moderated.checked;
    if (!moderated.checked && radio.checked) as.querySelector('input[value="player"]').checked = true;
  });
  mode.addEventListener("change", () => {
    const table = mode.querySelector("input:checked").value === "table";
    if (table) as.querySelector('input[value="spectator"]').checked = true;
    timers.night.value = table ? 60 : QUICK.night;
    timers.day.value = table ? 300 : QUICK.day;
  });

  function renderEdition() {
    const ed = editionOf(editionSelect.value);
    summary.textContent = `${ed.summary} ${ed.players[0]}–${ed.players[1]} players.`;
    const choices = [h("label", null, h("input", { type: "radio", name: "setup", value: "auto", checked: true }), " The recommended cards for the number of players")];
    for (const preset of ed.presets) {
      choices.push(h("label", null, h("input", { type: "radio", name: "setup", value: `preset:${preset}` }), ` Preset: ${preset}`));
    }
    choices.push(h("label", null, h("input", { type: "radio", name: "setup", value: "custom" }), " Choose the cards myself"));
    const counts = h("div", { class: "role-counts", hidden: true },
      h("p", { class: "hint" }, "How many of each card? Deal exactly as many cards as seats (the thief needs two more)."),
      ed.roles.map((r) => h("div", { class: "count-row" },
        h("label", { for: `count-${r.id}` }, r.name, h("small", { class: "team-tag" }, ` (${r.team})`)),
        number(0, { id: `count-${r.id}`, min: 0, max: 24, step: 1, dataset: { role: r.id } }))));
    const total = h("p", { class: "hint", "aria-live": "polite" });
    counts.appendChild(total);
    counts.addEventListener("input", () => {
      const n = [...counts.querySelectorAll("input")].reduce((s, i) => s + (Number(i.value) || 0), 0);
      total.textContent = `${n} card${n === 1 ? "" : "s"} in the deck.`;
    });
    const group = h("fieldset", { class: "radio-col" }, h("legend", null, "Cards"), choices);
    group.addEventListener("change", () => {
      counts.hidden = group.querySelector("input:checked").value !== "custom";
    });
    replace(setupBox, group, counts);
    replace(optionsBox, Object.entries(ed.options).map(([id, o]) => h("div", { class: "option-row", dataset: { option: id } }, optionControl(id, o))));
  }
  editionSelect.addEventListener("change", renderEdition);
  renderEdition();

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    const ed = editionOf(editionSelect.value);
    const body = {
      name: name.value.trim(),
      edition: ed.id,
      as: as.querySelector("input:checked").value,
      mode: mode.querySelector("input:checked").value,
      moderated: moderated.checked,
      options: {},
      timers: {},
    };
    const setup = setupBox.querySelector('input[name="setup"]:checked').value;
    if (setup.startsWith("preset:")) body.preset = setup.slice(7);
    if (setup === "custom") {
      body.deck = [];
      for (const input of setupBox.querySelectorAll(".role-counts input")) {
        for (let i = 0; i < (Number(input.value) || 0); i += 1) body.deck.push(input.dataset.role);
      }
      if (!body.deck.length) {
        error.textContent = "Choose at least one card, or use the recommended cards.";
        return;
      }
    }
    for (const row of optionsBox.querySelectorAll(".option-row")) {
      const id = row.dataset.option;
      body.options[id] = readOption(ed.options[id], row);
    }
    if (seed.value !== "") body.seed = Number(seed.value);
    for (const [key, input] of Object.entries(timers)) {
      if (input.value !== "") body.timers[key] = Number(input.value);
    }
    try {
      const made = await request("POST", "/api/games", body);
      saveSeat(made.code, { token: made.token, name: made.participant.name, kind: made.participant.kind });
      location.hash = `#/game/${made.code}`;
    } catch (err) {
      error.textContent = err.message;
    }
  }

  const joinCode = h("input", { type: "text", maxlength: 8, autocapitalize: "characters", autocomplete: "off", name: "code", placeholder: "ABC234" });
  const recent = savedGames().slice(0, 6);

  replace(main,
    h("div", { class: "screen screen-home" },
      h("section", { class: "hero" },
        h("h1", null, "Werewolf night, moderated for you"),
        h("p", null, "Create a game, share the link, and let wolfsbane deal the cards, wake the roles, count the votes and keep every secret. Empty seats are filled by bots.")),
      h("div", { class: "home-grid" },
        h("form", { class: "card create", onsubmit: create, "aria-labelledby": "create-title" },
          h("h2", { id: "create-title" }, "Create a game"),
          field("Your name", name),
          field("Edition", editionSelect), summary,
          setupBox,
          mode,
          h("label", { class: "check" }, moderated, " A person moderates (the storyteller's choices are theirs)"),
          as,
          h("details", { class: "more" }, h("summary", null, "Options"), optionsBox),
          h("details", { class: "more" }, h("summary", null, "Timers (seconds)"),
            h("div", { class: "timer-grid" },
              field("Night", timers.night), field("Day", timers.day), field("One question", timers.decision),
              field("Shortest window", timers.grace), field("Bot thinking time", timers.bot_delay),
              field("Multiply the edition's own clocks", timers.scale)),
            field("Seed", seed, "Leave it empty for a real game; a number replays the same deal and the same chances.")),
          error,
          h("button", { type: "submit", class: "primary big", id: "create-game" }, "Create the game")),
        h("div", { class: "side" },
          h("form", { class: "card join", "aria-labelledby": "join-title", onsubmit: (ev) => {
            ev.preventDefault();
            const code = joinCode.value.trim().toUpperCase();
            if (code) location.hash = `#/join/${code}`;
            else toast("Type the game's code.", "error");
          } },
            h("h2", { id: "join-title" }, "Join a game"),
            field("Game code", joinCode),
            h("button", { type: "submit", class: "primary" }, "Join")),
          recent.length ? h("section", { class: "card" }, h("h2", null, "Your recent games"),
            h("ul", { class: "recent" }, recent.map((g) => h("li", null,
              h("a", { href: `#/game/${g.code}` }, g.code), " ", g.name ? `as ${g.name}` : "")))) : null))));
  name.focus();
}

export async function joinScreen(main, code) {
  let info;
  try {
    info = await request("GET", `/api/games/${code}`);
  } catch (err) {
    replace(main, h("section", { class: "card" }, h("h1", null, "No such game"), h("p", null, err.message), h("a", { href: "#/" }, "Back to the start")));
    return;
  }
  const name = h("input", { type: "text", required: true, maxlength: 24, autocomplete: "nickname", name: "name" });
  const error = h("p", { class: "form-error", role: "alert" });
  const lobby = info.status === "lobby";
  const full = info.seats.length >= info.max_players;
  const choices = [];
  if (lobby && !full) choices.push(["player", "Take a seat"]);
  if (info.moderated && !info.moderator) choices.push(["moderator", "Moderate"]);
  if (info.status !== "finished") choices.push(["spectator", info.mode === "table" ? "Be the table screen / watch" : "Watch"]);
  const as = h("fieldset", { class: "radio-row" }, h("legend", null, "How do you join?"),
    choices.map(([value, label], i) => h("label", null, h("input", { type: "radio", name: "as", value, checked: i === 0 }), ` ${label}`)));

  async function join(ev) {
    ev.preventDefault();
    try {
      const chosen = as.querySelector("input:checked");
      const made = await request("POST", `/api/games/${code}/join`, { name: name.value.trim(), as: chosen ? chosen.value : "spectator" });
      saveSeat(made.code, { token: made.token, name: made.participant.name, kind: made.participant.kind });
      location.hash = `#/game/${made.code}`;
    } catch (err) {
      error.textContent = err.message;
    }
  }

  replace(main, h("div", { class: "screen screen-join" },
    h("form", { class: "card narrow", onsubmit: join, "aria-labelledby": "join-title" },
      h("h1", { id: "join-title" }, "Join game ", h("span", { class: "code" }, info.code)),
      h("p", null, `${info.edition_name} · ${info.mode === "table" ? "around one table" : "online"} · ${info.seats.length} of ${info.max_players} seats taken`),
      info.seats.length ? h("p", { class: "hint" }, "At the table: ", info.seats.map((s) => s.name).join(", ")) : null,
      lobby ? null : h("p", { class: "hint" }, info.status === "finished" ? "This game is over." : "This game has started: you can watch."),
      field("Your name", name),
      choices.length ? as : null,
      error,
      choices.length ? h("button", { type: "submit", class: "primary big" }, "Join") : null,
      h("p", null, h("a", { href: "#/" }, "Back to the start")))));
  name.focus();
}
