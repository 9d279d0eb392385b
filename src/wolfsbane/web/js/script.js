// Clocktower scripts in the browser: the printable sheet of the script (characters by type
// with their text, the first night's and the other nights' order, the jinxes), and the check of
// an imported script file (what wolfsbane can run; the rest is listed and a rules-checked game
// of it is refused).

import { request } from "./api.js";
import { h, replace } from "./dom.js";
import { edition as editionOf } from "./text.js";

const TYPES = [["townsfolk", "Townsfolk"], ["outsider", "Outsiders"], ["minion", "Minions"], ["demon", "Demons"],
  ["traveller", "Travellers"], ["fabled", "Fabled"], ["loric", "Loric"]];

function stepName(ed, id) {
  const r = ed && ed.roles.find((x) => x.id === id);
  if (r) return r.name;
  const turn = ed && [...(ed.night_order.first || []), ...(ed.night_order.other || [])].find((t) => t.id === id);
  return turn ? turn.called : id.replace(/-/g, " ");
}

/** The script's sheet at #/script/clocktower, ready to print. */
export async function scriptScreen(main, editionId) {
  const ed = editionOf(editionId);
  if (!ed || editionId !== "clocktower") {
    replace(main, h("section", { class: "card" }, h("h1", null, "No such script"), h("a", { href: "#/" }, "Back to the start")));
    return;
  }
  const sheet = await request("GET", "/api/scripts/clocktower");
  const byType = new Map(TYPES.map(([t]) => [t, []]));
  for (const r of ed.roles) if (byType.has(r.type)) byType.get(r.type).push(r);
  replace(main, h("article", { class: "script-sheet" },
    h("section", { class: "card" },
      h("h1", null, sheet.name || ed.name),
      h("p", { class: "hint" }, `${sheet.characters} characters, every rule enforced by wolfsbane.`),
      h("button", { type: "button", class: "primary no-print", id: "print-sheet", onclick: () => window.print() }, "Print the sheet")),
    TYPES.filter(([t]) => byType.get(t).length).map(([t, title]) => h("section", { class: "card", "aria-labelledby": `sheet-${t}` },
      h("h2", { id: `sheet-${t}` }, title),
      h("ul", { class: "chars" }, byType.get(t).map((r) => h("li", null, h("strong", null, r.name), " — ", r.description))))),
    h("section", { class: "card", "aria-labelledby": "sheet-first" }, h("h2", { id: "sheet-first" }, "The first night"),
      h("ol", null, sheet.first_night.map((id) => h("li", null, stepName(ed, id))))),
    h("section", { class: "card", "aria-labelledby": "sheet-other" }, h("h2", { id: "sheet-other" }, "Other nights"),
      h("ol", null, sheet.other_night.map((id) => h("li", null, stepName(ed, id))))),
    h("section", { class: "card", "aria-labelledby": "sheet-jinxes" }, h("h2", { id: "sheet-jinxes" }, "Jinxes"),
      sheet.jinxes.length ? h("ul", null, sheet.jinxes.map((j) => h("li", null, h("strong", null, j.roles.map((id) => stepName(ed, id)).join(" and ")), ": ", j.rule)))
        : h("p", null, "No jinxes."))));
}

/** A file picker that checks a script file with the server and says what wolfsbane can run.
 * `onChecked(report)` receives the server's report (null when the file is refused). */
export function scriptImport(onChecked) {
  const result = h("div", { class: "script-check", "aria-live": "polite" });
  const input = h("input", { type: "file", accept: ".json,application/json", id: "script-file" });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const text = await file.text();
    try {
      const report = await request("POST", "/api/scripts/check", { text });
      const cannot = [...report.not_implemented, ...report.unknown, ...report.homebrew];
      replace(result,
        h("p", null, `${report.name || "This script"}: ${report.characters} characters, ${report.rules.length} with their rules in wolfsbane.`),
        cannot.length ? [h("p", { class: "cannot" }, `wolfsbane cannot run ${cannot.length === 1 ? "this character" : "these characters"}, so a rules-checked game of this script is refused:`),
          h("ul", { class: "cannot-list" }, cannot.map((c) => h("li", null, c.name)))]
          : h("p", { class: "can" }, "wolfsbane runs every character of this script."),
        report.jinxes.length ? h("p", { class: "hint" }, `Jinxes: ${report.jinxes.length}.`) : null);
      onChecked(report);
    } catch (error) {
      replace(result, h("p", { class: "form-error" }, error.message));
      onChecked(null);
    }
  });
  return h("div", { class: "field script-import" },
    h("label", { for: "script-file" }, "Or play from a script file"), input,
    h("small", { class: "hint" }, "A script in the publisher's JSON format; wolfsbane lists what it cannot run."), result);
}
