import { describe, expect, it } from "vitest";
import { fourKings } from "../../../src/games/fourkings/engine/index.js";
import { fourKingsUi } from "../../../src/games/fourkings/ui.js";
import { en } from "../../../src/games/fourkings/words/en.js";
import { nl } from "../../../src/games/fourkings/words/nl.js";
import { rules } from "../../../src/games/fourkings/words/rules.js";
import { wordsFor } from "../../../src/i18n/index.js";

const RANK = "(?:A|[2-9]|10|[JQKBVH])";
/** A range of ranks written any other way than with an en dash: "4-6", "J - K", "4 to 6", "B t/m H". */
const OTHER_RANGE = new RegExp(`(^|[\\s(])${RANK}\\s*(?:-|—|\\bto\\b|t/m|tot)\\s*${RANK}(?=[\\s),.;:]|$)`);

describe("Four Kings' words (issue 37, item 7)", () => {
  it("writes every range of ranks one way, with an en dash: 4–6, 7–10, J–K (B–H in Dutch)", () => {
    const texts = [...Object.values(en), ...Object.values(nl), JSON.stringify(rules)];
    for (const text of texts) expect(text, text).not.toMatch(OTHER_RANGE);
    // The check is not blind.
    for (const wrong of ["pile I (4 to 6)", "III J-K", "(B t/m H)", "A - 6"])
      expect(wrong).toMatch(OTHER_RANGE);
    const table = fourKings.publicView(fourKings.setup(["p"], { peek: false }, 1));
    expect(fourKingsUi.describeTable(table, {}, wordsFor("en")).join(" ")).toContain(
      "Draw pile I (4–6) has 12 cards, II (7–10) 16, III (J–K) 12",
    );
    expect(fourKingsUi.describeTable(table, {}, wordsFor("nl")).join(" ")).toContain(
      "Trekstapel I (4–6) heeft 12 kaarten, II (7–10) 16, III (B–H) 12",
    );
  });
});
