// Words: role names, phases, and a sentence for every event, in our own words.

const editions = new Map();

export function setEditions(list) {
  for (const edition of list) editions.set(edition.id, edition);
}

export function edition(id) {
  return editions.get(id) || null;
}

export function allEditions() {
  return [...editions.values()];
}

export function role(editionId, roleId) {
  const ed = editions.get(editionId);
  return (ed && ed.roles.find((r) => r.id === roleId)) || null;
}

export function roleName(editionId, roleId) {
  if (!roleId) return "";
  const r = role(editionId, roleId);
  return r ? r.name : String(roleId);
}

export function teamName(team) {
  if (!team) return "";
  const names = { village: "the village", werewolves: "the werewolves", werehamster: "the werehamster" };
  return names[team] || String(team);
}

export function phaseLabel(phase) {
  if (!phase) return "";
  if (phase === "setup") return "Dealing the cards";
  if (phase === "end") return "The end";
  return phase.charAt(0).toUpperCase() + phase.slice(1);
}

export function isNight(phase) {
  return typeof phase === "string" && phase.toLowerCase().includes("night");
}

export function list(names) {
  const items = (names || []).map(String);
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function answerText(value) {
  if (value === null || value === undefined) return "nobody (skipped)";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return list(value);
  return String(value);
}

export function decisionLabel(name) {
  const labels = {
    attack: "the pack's attack", inspect: "a look into a soul", steal: "the thief's swap",
    shoot: "the hunter's last shot", link: "Cupid's arrow", heal: "the healing potion",
    poison: "the poison", spy: "spying on the pack", elect: "the sheriff election",
    vote: "the vote", successor: "the next sheriff", guard: "the guard", deal: "the deal",
    "tie-break": "a tie-break", caught: "whether the little girl is caught",
    center: "the centre cards", "show-werewolf": "which werewolf the little girl sees",
  };
  return labels[name] || String(name).replace(/-/g, " ");
}

// What a structured chat message says, as plain text.
export function talkText(editionId, message) {
  if (typeof message === "string") return message;
  if (!message || typeof message !== "object") return "";
  switch (message.type) {
    case "text":
      return message.text;
    case "claim":
      return `I am the ${roleName(editionId, message.role)}.`;
    case "accuse":
      return `I think ${message.player} is a werewolf.`;
    case "defend":
      return `I trust ${message.player}.`;
    case "vote":
      return message.player ? `I will vote for ${message.player}.` : "I will not vote.";
    case "result": {
      if (message.role) return `My power showed me: ${message.player} is the ${roleName(editionId, message.role)}.`;
      if ("werewolf" in message) {
        const yes = message.werewolf === true || message.werewolf === "yes";
        return `My power showed me: ${message.player} is ${yes ? "" : "not "}a werewolf.`;
      }
      for (const key of ["team", "aura", "alignment", "mystic"]) {
        if (key in message) return `My power showed me: ${message.player}'s ${key} is ${message[key]}.`;
      }
      return `I have a result about ${message.player}.`;
    }
    default:
      return Object.entries(message).map(([k, v]) => `${k}: ${v}`).join(", ");
  }
}

export function talkBadge(message) {
  if (!message || typeof message !== "object" || message.type === "text") return null;
  return { claim: "claim", accuse: "accuses", defend: "defends", vote: "vote", result: "result" }[message.type] || null;
}

// Private information, in a sentence.
function infoText(ed, e) {
  const parts = [];
  if (e.about === "attack" && e.player) return `The werewolves went for ${e.player} tonight.`;
  if (e.about === "center" && e.roles) return `The cards nobody was dealt: ${list(e.roles.map((r) => roleName(ed, r)))}.`;
  if (e.about === "medium" && e.player) {
    return `The dead speak: ${e.player} was ${e.werewolf ? "" : "not "}a werewolf.`;
  }
  if (e.players && e.team) {
    return e.players.length ? `On the side of ${teamName(e.team)} with you: ${list(e.players)}.`
      : `Nobody else is on the side of ${teamName(e.team)}: you are alone.`;
  }
  if (e.players && e.role) return `${list(e.players)}: ${roleName(ed, e.role)}.`;
  if (e.player && e.role) return `${e.player} is the ${roleName(ed, e.role)}.`;
  if (e.player && "werewolf" in e) return `${e.player} is ${e.werewolf ? "" : "not "}a werewolf.`;
  if (e.player && e.team) return `${e.player} is on the side of ${teamName(e.team)}.`;
  for (const [key, value] of Object.entries(e)) {
    if (["index", "kind", "phase", "audience"].includes(key)) continue;
    parts.push(`${key}: ${Array.isArray(value) ? list(value) : value}`);
  }
  return parts.join(", ");
}

function announcedText(ed, e) {
  const card = e.role ? ` They were the ${roleName(ed, e.role)}.` : "";
  switch (e.about) {
    case "death":
      return e.player ? `${e.player} was found dead.${card}` : "Nobody died.";
    case "execution":
      return e.player ? `The village put ${e.player} to death.${card}` : "The vote ended with nobody put to death.";
    case "sheriff":
      return `${e.player} wears the sheriff's star.`;
    case "composition": {
      if (!e.counts && Array.isArray(e.roles)) return `The cards that may be in this village: ${list(e.roles.map((r) => roleName(ed, r)))}.`;
      const counts = e.counts || {};
      return `In this village: ${list(Object.entries(counts).map(([r, n]) => `${n} × ${roleName(ed, r)}`))}.`;
    }
    case "votes":
      return `Day ${e.day}: ${e.player} received ${e.number} vote${e.number === 1 ? "" : "s"}.`;
    case "no-death":
    case "peaceful":
      return "Nobody died.";
    default: {
      const bits = Object.entries(e)
        .filter(([k]) => !["index", "kind", "phase", "audience", "about"].includes(k))
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? list(v) : v}`);
      return `${(e.about || "News").replace(/-/g, " ")}: ${bits.join(", ")}`;
    }
  }
}

// A sentence for an event; `seat` is whose view it is (so "you" reads right).
export function describe(ed, e, seat) {
  const you = (name) => (seat && name === seat ? `${name} (you)` : name);
  switch (e.kind) {
    case "PhaseBegan":
      return `${phaseLabel(e.phase_name || e.phase)} begins.`;
    case "RoleDealt":
      return seat === e.player ? `You were dealt: ${roleName(ed, e.role)}.` : `${e.player} was dealt ${roleName(ed, e.role)}.`;
    case "InfoGiven":
      return infoText(ed, e);
    case "Announced":
      return announcedText(ed, e);
    case "PlayerDied":
      return `${you(e.player)} died.`;
    case "PlayerExecuted":
      return `${you(e.player)} was executed.`;
    case "DeathCaused":
      return `${e.player} died of: ${String(e.cause).replace(/-/g, " ")}.`;
    case "VoteCast": {
      if (e.timeout) {
        const named = e.targets && e.targets.length ? e.targets.join(", ") : e.target;
        return named ? `${you(e.player)} did not answer in time; the clock voted against ${named} for them.`
          : `${you(e.player)} did not answer in time, so cast no vote.`;
      }
      const weight = e.weight && e.weight > 1 ? ` (counts ${e.weight === 2 ? "twice" : `${e.weight} times`})` : "";
      const target = e.target ? e.target : "nobody";
      if (e.about === "sheriff") return `${you(e.player)} votes ${target} for sheriff.`;
      return e.target ? `${you(e.player)} votes against ${target}${weight}.` : `${you(e.player)} abstains.`;
    }
    case "ActionTaken":
      return `${you(e.player)} chose ${answerText(e.answer)} for ${decisionLabel(e.decision)}.`;
    case "VictimChosen":
      return `The pack settles on ${e.player}.`;
    case "LoversLinked":
      return `${list(e.players || [e.player, e.partner].filter(Boolean))} fall in love.`;
    case "RoleChanged":
      return `${you(e.player)} is now the ${roleName(ed, e.role)}.`;
    case "Said":
      return `${e.player} (${e.channel}): ${talkText(ed, e.message)}`;
    case "Overheard":
      return `Overheard on ${e.channel}: ${talkText(ed, e.message)}`;
    case "GameWon":
      return `Victory for ${teamName(e.winner)}: ${e.reason}.`;
    case "Answered":
      if (e.timeout) return `${e.seat === "storyteller" ? "The storyteller" : e.seat} did not answer ${decisionLabel(e.decision)} in time.`;
      return `${e.seat === "storyteller" ? "The storyteller" : e.seat} answered ${decisionLabel(e.decision)}: ${answerText(e.answer)}.`;
    default: {
      const bits = Object.entries(e)
        .filter(([k]) => !["index", "kind", "phase", "audience"].includes(k))
        .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
      return `${e.kind}: ${bits.join(", ")}`;
    }
  }
}

export function eventIcon(e) {
  return {
    PhaseBegan: e && isNight(e.phase) ? "☾" : "☀",
    PlayerDied: "✝", PlayerExecuted: "⚖", VoteCast: "➜", Announced: "»", InfoGiven: "◆",
    RoleDealt: "▣", ActionTaken: "✦", VictimChosen: "☾", GameWon: "★", Answered: "✦",
    DeathCaused: "✝", LoversLinked: "♥", RoleChanged: "↻", Said: "❝", Overheard: "❝",
  }[e.kind] || "•";
}

// Events that are news for one seat only (shown in "What you know").
export const PRIVATE_KINDS = new Set(["RoleDealt", "InfoGiven", "ActionTaken", "VictimChosen", "LoversLinked", "RoleChanged"]);
export const CHAT_KINDS = new Set(["Said", "Overheard"]);
