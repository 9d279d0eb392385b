// The start page: create a game, join one by code, find your recent games.

import { request, saveSeat, savedGames } from "./api.js";
import { NAME_HINT, field, h, nameInput, refuseName, replace, toast } from "./dom.js";
import { allEditions, edition as editionOf } from "./text.js";
import { scriptImport } from "./script.js";

const QUICK = { night: 30, day: 120, decision: 20 };

// "6 Villager, Seer, Werewolf": a published village's cards, in words.
function compositionText(ed, name) {
  const counts = new Map();
  for (const id of ed.compositions[name]) counts.set(id, (counts.get(id) || 0) + 1);
  const nameOf = (id) => (ed.roles.find((r) => r.id === id) || { name: id }).name;
  return [...counts].map(([id, n]) => (n > 1 ? `${n} × ${nameOf(id)}` : nameOf(id))).join(", ");
}

function number(value, attrs = {}) {
  return h("input", { type: "number", inputmode: "decimal", value, ...attrs });
}

// One control per option, drawn from the option's schema (/api/editions): its kind, its label
// in words and a one-line explanation. `readOption` gives back the value the schema expects.
function optionControl(id, option) {
  const explain = option.explanation || option.description;
  switch (option.kind) {
    case "boolean": {
      const box = h("input", { type: "checkbox", checked: option.default, name: id });
      return h("label", { class: "check option" }, box, " ",
        h("span", null, h("strong", null, option.label), h("br"), h("small", { class: "hint" }, explain)));
    }
    case "choice":
      return field(option.label, h("select", { name: id }, option.choices.map((c) => h("option", { value: String(c.id), selected: c.id === option.default }, c.label))), explain);
    case "integer":
    case "seconds":
    case "number": {
      const whole = option.kind !== "number";
      const input = number(option.default, { name: id, step: whole ? 1 : "any", min: option.minimum ?? undefined, max: option.maximum ?? undefined, inputmode: whole ? "numeric" : "decimal" });
      return field(option.kind === "seconds" ? `${option.label} (seconds)` : option.label, input, explain);
    }
    case "roles": {
      const chosen = new Set(option.default || []);
      return h("fieldset", { class: "option-list", name: id }, h("legend", null, option.label), h("small", { class: "hint" }, explain),
        h("div", { class: "check-grid" }, option.choices.map((c) => h("label", { class: "check" },
          h("input", { type: "checkbox", value: c.id, checked: chosen.has(c.id), dataset: { role: c.id } }), " ", c.label))));
    }
    case "variants": {
      const chosen = option.default || {};
      const picked = (role, v) => [].concat(chosen[role] || []).includes(v);
      return h("details", { class: "option-variants" },
        h("summary", null, option.label, " ", h("small", { class: "hint" }, explain)),
        option.choices.map((role) => h("fieldset", { class: "variant-role", dataset: { role: role.id } },
          h("legend", null, role.label),
          role.variants.map((v) => h("label", { class: "check" },
            h("input", { type: "checkbox", value: v.id, checked: picked(role.id, v.id), dataset: { variant: v.id } }), " ", v.label)))));
    }
    default:
      return field(option.label, h("input", { type: "text", name: id, value: option.default ?? "", maxlength: 200 }), explain);
  }
}

function readOption(option, el) {
  switch (option.kind) {
    case "boolean":
      return el.querySelector("input").checked;
    case "choice": {
      const value = el.querySelector("select").value;
      return option.choices.map((c) => c.id).find((c) => String(c) === value);
    }
    case "integer":
    case "seconds":
    case "number": {
      const text = el.querySelector("input").value.trim();
      return text === "" ? option.default : Number(text);
    }
    case "roles":
      return [...el.querySelectorAll("input[data-role]:checked")].map((i) => i.value);
    case "variants": {
      const out = {};
      for (const group of el.querySelectorAll("fieldset.variant-role")) {
        const ids = [...group.querySelectorAll("input:checked")].map((i) => i.value);
        if (ids.length) out[group.dataset.role] = ids;
      }
      return out;
    }
    default:
      return el.querySelector("input").value;
  }
}

// The cards a custom deck must hold, in the edition's own words (`deck_words`).
function customHint(ed) {
  return `How many of each card? ${ed.deck_words || "Deal exactly as many cards as seats."}`;
}

export async function homeScreen(main) {
  const editions = allEditions();
  const name = nameInput();
  const editionSelect = h("select", { name: "edition" }, editions.map((e) => h("option", { value: e.id }, e.name)));
  const summary = h("p", { class: "hint" });
  const setupBox = h("div", { class: "setup" });
  const optionsBox = h("div", { class: "options" });
  // an edition a person runs (Clocktower): a practice game, a script file, the script's sheet
  const storytellerBox = h("div", { class: "storyteller-box" });
  const practice = h("input", { type: "checkbox", name: "practice", id: "practice" });
  let scriptReport = null;
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
    talk: number("", { min: 0, max: 3600, step: "any", name: "talk", placeholder: "default" }),
    vote: number("", { min: 0.1, max: 3600, step: "any", name: "vote", placeholder: "default" }),
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
    if (ed.played_in_the_dark) {
      // played in the dark, around one table: the narrator device stays in the sanctuary
      // (the table screen), the players join on their phones
      summary.textContent += " Played around one table: the device that stays in the sanctuary joins as the table screen and becomes the narrator, with the clock and the voice; the players join on their phones.";
      mode.querySelector('input[value="table"]').checked = true;
    }
    const choices = [h("label", null, h("input", { type: "radio", name: "setup", value: "auto", checked: true }), " The recommended cards for the number of players (the lobby shows them)")];
    const words = ed.preset_words || {};
    for (const preset of ed.presets) {
      choices.push(h("label", null, h("input", { type: "radio", name: "setup", value: `preset:${preset}` }), ` ${words[preset] || `Preset: ${preset}`}`));
    }
    const published = Object.keys(ed.compositions || {});
    const compositionSelect = published.length ? h("select", { name: "composition", "aria-label": "Published village" },
      published.map((name) => h("option", { value: name, selected: name === "8A" }, `${name}: ${compositionText(ed, name)}`))) : null;
    if (compositionSelect) {
      compositionSelect.addEventListener("change", () => {
        setupBox.querySelector('input[name="setup"][value="composition"]').checked = true;
      });
      choices.push(h("label", null, h("input", { type: "radio", name: "setup", value: "composition" }), " A published village, by name: ", compositionSelect));
    }
    choices.push(h("label", null, h("input", { type: "radio", name: "setup", value: "custom" }), " Choose the cards myself"));
    const counts = h("div", { class: "role-counts", hidden: true },
      h("p", { class: "hint" }, customHint(ed)),
      ed.roles.filter((r) => r.dealt !== false).map((r) => h("div", { class: "count-row" },
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
    scriptReport = null;
    practice.checked = false;
    replace(storytellerBox, ed.storyteller_run ? [
      h("p", { class: "hint" }, `${ed.name} is run by a storyteller: tick "A person moderates" and be the storyteller (or invite one), or choose a practice game.`),
      h("label", { class: "check" }, practice, " Practice game: the automatic storyteller runs it"),
      scriptImport((report) => { scriptReport = report; }),
      h("p", null, h("a", { href: `#/script/${ed.id}`, target: "_blank", rel: "noopener" }, "The script's sheet (printable)")),
    ] : null);
    replace(optionsBox, Object.entries(ed.options).map(([id, o]) => h("div", { class: "option-row", dataset: { option: id } }, optionControl(id, o))));
  }
  editionSelect.addEventListener("change", renderEdition);
  renderEdition();

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    if (refuseName(name, error)) return;
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
    if (setup === "composition") body.preset = setupBox.querySelector('select[name="composition"]').value;
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
    if (ed.storyteller_run) {
      body.practice = practice.checked && !moderated.checked;
      if (scriptReport) {
        if (!scriptReport.fully_supported) {
          error.textContent = "wolfsbane cannot run every character of this script, so a rules-checked game of it is refused.";
          return;
        }
        Object.assign(body.options, scriptReport.options);
      }
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
          field("Your name", name, NAME_HINT),
          field("Edition", editionSelect), summary,
          setupBox,
          storytellerBox,
          mode,
          h("label", { class: "check" }, moderated, " A person moderates (the storyteller's choices are theirs)"),
          as,
          h("details", { class: "more" }, h("summary", null, "Options"), optionsBox),
          h("details", { class: "more" }, h("summary", null, "Timers (seconds)"),
            h("div", { class: "timer-grid" },
              field("Night", timers.night), field("Day", timers.day),
              field("One question", timers.decision, "A question at night, or after the day's vote."),
              field("Least time for a question", timers.grace, "Nobody gets less than this to answer, even late in a night."),
              field("Bot thinking time", timers.bot_delay),
              field("Clock speed of the edition", timers.scale, "Multiplies the lengths the edition sets itself (LiCOS's mornings, a timed Wherewolf day): 0.5 halves them."),
              field("Talk before each day vote", timers.talk, "The day's votes open after this much talk (by default 60 online, 90 at a table); none when only bots play."),
              field("Least time a day vote stays open", timers.vote, "Once open, a vote runs at least this long, to the end of the day.")),
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
  const name = nameInput();
  const error = h("p", { class: "form-error", role: "alert" });
  const lobby = info.status === "lobby";
  const full = info.seats.length >= info.max_players;
  const choices = [];
  if (lobby && !full) choices.push(["player", "Take a seat"]);
  if (info.moderated && !info.moderator) choices.push(["moderator", "Moderate"]);
  const dark = Boolean(editionOf(info.edition) && editionOf(info.edition).played_in_the_dark);
  if (info.status !== "finished") {
    choices.push(["spectator", dark ? "Be the narrator device (in the sanctuary) / watch"
      : info.mode === "table" ? "Be the table screen / watch" : "Watch"]);
  }
  const as = h("fieldset", { class: "radio-row" }, h("legend", null, "How do you join?"),
    choices.map(([value, label], i) => h("label", null, h("input", { type: "radio", name: "as", value, checked: i === 0 }), ` ${label}`)));

  async function join(ev) {
    ev.preventDefault();
    if (refuseName(name, error)) return;
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
      field("Your name", name, NAME_HINT),
      choices.length ? as : null,
      error,
      choices.length ? h("button", { type: "submit", class: "primary big" }, "Join") : null,
      h("p", null, h("a", { href: "#/" }, "Back to the start")))));
  name.focus();
}
