import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Playground, startPlayground } from "@cardtable/discord-emulator/playground";
import { createCanvas } from "canvas";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot } from "./support/browser.js";

let dataDir: string;
let playground: Playground;
let browser: Browser;
let page: Page;
const members = new Map<string, string>();
const dialogs: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "playground-browser-"));
  playground = await startPlayground({ port: 0, host: "127.0.0.1", dataDir, log: () => {} });
  const world = (await (await fetch(`${playground.url}/api/world`)).json()) as {
    members: { id: string; name: string }[];
  };
  for (const member of world.members) members.set(member.name, member.id);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(15_000);
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(playground.url);
  await page.getByTestId("channel-general").waitFor();
});

afterAll(async () => {
  await browser?.close();
  await playground?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Switches a page to `name` in `channel` and waits until its list shows that member's view of it
 * and its command box offers that member's commands there.
 */
async function view(name: string, channel: string, on: Page = page): Promise<void> {
  const id = members.get(name)!;
  await on.getByTestId("member-switch").selectOption(id);
  await on.getByTestId(`channel-${channel}`).click();
  const channelId = await on.getByTestId(`channel-${channel}`).getAttribute("data-channel-id");
  await on.locator(`[data-testid=message-list][data-as="${id}"][data-channel="${channelId}"]`).waitFor();
  await on.locator(`#composer[data-commands="${id}/${channelId}"]`).waitFor({ state: "attached" });
}

/** Types a command into the command box, fills its options and sends it. */
async function command(line: string, options: Record<string, string> = {}): Promise<void> {
  await page.getByTestId("command-input").fill(line);
  await page.getByTestId("command-options").waitFor();
  for (const [name, value] of Object.entries(options)) {
    await page.getByTestId("command-options").locator(`[data-option-name="${name}"]`).fill(value);
  }
  await page.getByTestId("command-send").click();
}

/** The last button (or select) on the page whose custom_id ends with `:<action>`. */
function control(action: string, within: Locator | Page = page): Locator {
  return within.locator(`[data-custom-id$=":${action}"]`).last();
}

function message(id: string): Locator {
  return page.locator(`[data-testid=message][data-message-id="${id}"]`);
}

/** The newest ephemeral message shown that contains `text`; returns its id. */
async function ephemeral(text: string): Promise<string> {
  const found = page.locator("[data-testid=message][data-ephemeral=true]").filter({ hasText: text }).last();
  await found.waitFor();
  return (await found.getAttribute("data-message-id"))!;
}

/** Resolves once the picture has loaded (at once if it has). */
function loaded(image: Locator): Promise<unknown> {
  return image.evaluate((img: HTMLImageElement) =>
    img.complete ? null : new Promise((done) => img.addEventListener("load", done, { once: true })),
  );
}

/** The lobby shows Bob in the second seat. */
function bobSeated(on: Page): Promise<void> {
  return on.getByTestId("message-content").filter({ hasText: "2. @Bob" }).waitFor();
}

/**
 * Runs in the page: "table" once a picture of The Game `game` newer than `version` has loaded;
 * before that, "confirm" while the panel asks to confirm the play (unless already `confirmed`).
 */
function playShown(played: { panelId: string; game: string; version: string; confirmed: boolean }) {
  const pictures = [...document.querySelectorAll<HTMLImageElement>("img[data-testid=message-image]")];
  const newer = pictures.some((img) => {
    const match = /\/thegame-(\d+)-(\d+)\.png(?:\?|$)/.exec(img.src);
    return match?.[1] === played.game && Number(match[2]) > Number(played.version) && img.complete;
  });
  if (newer) return "table";
  const panel = document.querySelector(`[data-message-id="${played.panelId}"]`);
  return !played.confirmed && panel?.querySelector('[data-custom-id*=":playc"]') ? "confirm" : null;
}

describe("the playground's page in a real browser", () => {
  it("Alice and Bob play The Game through the page; private panels and Troubadour picks stay private", async () => {
    await view("Alice", "games");
    await command("/play thegame");
    await control("join").waitFor();
    // The bot's markdown, rendered: **bold**, a command mention as its pill, <@id> as the member's name.
    const lobby = page.getByTestId("message-content").filter({ hasText: "gathering players" });
    expect(await lobby.locator("strong").first().textContent()).toBe("The Game");
    expect(await lobby.getByTestId("command-mention").textContent()).toBe("/rules");
    expect(await lobby.locator(".mention").filter({ hasText: "@" }).first().textContent()).toBe("@Alice");
    await screenshot(page, "01-thegame-lobby");
    await view("Bob", "games");
    await control("join").click();
    await bobSeated(page);
    await view("Alice", "games");
    await control("start").click();
    await control("panel").waitFor();
    // "Started: <t:…:R>" (nobody has moved yet): a time in the viewer's words, not the raw tag.
    const table = page.getByTestId("message-content").filter({ hasText: "Started" }).last();
    expect(await table.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await table.textContent()).not.toContain("<t:");
    await screenshot(page, "02-thegame-table");

    await control("panel").click();
    const panelId = await ephemeral("Your hand");
    const panel = message(panelId);
    expect(await panel.locator(".ephemeral-note").textContent()).toMatch(/Only you can see this/);
    // Nobody has started yet: the first to claim starts.
    if ((await panel.locator('[data-custom-id$=":claim"]').count()) > 0)
      await control("claim", panel).click();
    // The hand is a row of card buttons; those that fit a pile now are enabled.
    const card = panel.locator('button[data-custom-id*=":card:"]:enabled').first();
    await card.waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "03-thegame-hand");

    const [, game, version] = (await card.getAttribute("data-custom-id"))!.split(":");
    await card.click();
    await panel.locator('button[data-custom-id*=":play:"]:enabled').first().click();
    // The game may ask to confirm a play; then the table's picture is drawn again for the new version.
    const played = { panelId, game: game!, version: version!, confirmed: false };
    if ((await (await page.waitForFunction(playShown, played)).jsonValue()) === "confirm") {
      await control("playc", panel).click();
      await page.waitForFunction(playShown, { ...played, confirmed: true });
    }
    await screenshot(page, "04-thegame-played");

    await view("Bob", "games");
    expect(await message(panelId).count()).toBe(0);
    expect(await page.getByTestId("message-list").textContent()).not.toContain("Your hand");
    await page.locator(`img[data-testid=message-image][src*="/thegame-${game}-"]`).first().waitFor();
    await screenshot(page, "05-thegame-as-bob");

    // Bob joins Troubadour from a window of his own: each page shows the other's action live.
    const bobPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await bobPage.goto(playground.url);
    await view("Bob", "lounge", bobPage);
    await view("Alice", "lounge");
    await command("/play troubadour");
    await control("join", bobPage).click();
    await bobSeated(page);
    await screenshot(page, "06-troubadour-lobby");
    await control("start").click();
    await control("panel", bobPage).waitFor();
    await bobPage.close();
    await control("panel").click();
    // The panel's menu itself, not its first words: "only you" matched the "thinking…" message too
    // (every private message says "Only you can see this"), and a choice made there was lost.
    const picks = page.locator('[data-ephemeral=true] select[multiple][data-custom-id$=":pick"]').last();
    await picks.waitFor();
    const pickPanel = message(
      (await picks.evaluate((menu) => menu.closest("[data-message-id]")!.getAttribute("data-message-id")))!,
    );
    const nobles = await picks
      .locator("option")
      .evaluateAll((options) => options.slice(0, 3).map((o) => (o as HTMLOptionElement).value));
    await picks.selectOption(nobles);
    await pickPanel.getByTestId("component-select-submit").click();
    const pickId = await ephemeral("Your pick (only you see this)");
    await message(pickId).scrollIntoViewIfNeeded();
    await screenshot(page, "07-troubadour-alice-picked");

    await view("Bob", "lounge");
    expect(await message(pickId).count()).toBe(0);
    expect(await page.getByTestId("message-list").textContent()).not.toContain("Your pick");
    await page.locator("[data-testid=message-image]").first().waitFor();
    await screenshot(page, "08-troubadour-as-bob");

    // A phone: the channel list slides in over the messages and out again once a channel is chosen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.getElementById("sidebar")!.getBoundingClientRect().right <= 0);
    await screenshot(page, "09-phone");
    await page.getByTestId("sidebar-toggle").click();
    await page.waitForFunction(() => document.getElementById("sidebar")!.getBoundingClientRect().left >= 0);
    await screenshot(page, "10-phone-channels");
    await page.getByTestId("channel-games").click();
    await page.waitForFunction(() => document.getElementById("sidebar")!.getBoundingClientRect().right <= 0);
    expect(await page.getByTestId("chat-title").textContent()).toBe("# games");
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(pageErrors).toEqual([]);
  });

  it("Dan's Discord app is in Dutch: the command box shows Dutch command names and the bot answers him in Dutch", async () => {
    await view("Dan", "lounge");
    expect(await page.getByTestId("member-switch").locator("option:checked").textContent()).toBe(
      "Dan (Nederlands)",
    );
    await page.getByTestId("command-input").fill("/regels");
    const form = page.getByTestId("command-options");
    await form.waitFor();
    expect(await form.locator(".command-heading strong").textContent()).toBe("/regels");
    expect(await form.locator(".option-name").first().textContent()).toBe("spel");
    await form.locator('[data-option-name="game"]').selectOption("thegame");
    // The page's own words are Dutch for him too, as his Discord app's are.
    expect(await page.getByTestId("command-send").textContent()).toBe("Verzenden");
    expect(await page.getByTestId("command-input").getAttribute("placeholder")).toBe(
      "Typ / voor de commando's van de bot",
    );
    expect(await page.locator("html").getAttribute("lang")).toBe("nl");
    await page.getByTestId("command-send").click();
    const rules = message(await ephemeral("samen tegen het spel, 1 tot 5 spelers"));
    expect(await rules.locator(".ephemeral-note").textContent()).toBe("👁 Alleen jij kunt dit zien");
    // "Vandaag om 14:03", or a Dutch date when the day turned since it was sent.
    expect(await rules.locator(".message-time").textContent()).toMatch(
      /^(Vandaag om|\d\d?-\d\d?-\d{4}) \d\d?:\d\d$/,
    );
    expect(await page.locator(".channel-group").first().textContent()).toBe("Tekstkanalen");
    await screenshot(page, "12-dutch-member");
    // Alice's app is English: the same box shows the registered English names, the page English words.
    await view("Alice", "lounge");
    await page.getByTestId("command-input").fill("/rules");
    expect(await form.locator(".command-heading strong").textContent()).toBe("/rules");
    expect(await page.getByTestId("command-send").textContent()).toBe("Send");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator(".ephemeral-note").last().textContent()).toBe("👁 Only you can see this");
    await page.getByTestId("command-input").fill("");
    expect(pageErrors).toEqual([]);
  });

  it("offers /settings only to members with Manage Server, as Discord's command picker does", async () => {
    const suggested = async () => {
      await page.getByTestId("command-input").fill("/s");
      await page.getByTestId("command-suggestions").waitFor();
      return page
        .getByTestId("command-suggestion")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-command")));
    };
    await view("Alice", "general");
    expect(await suggested()).toContain("settings show");
    await view("Bob", "general");
    const offered = await suggested();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((command) => command?.startsWith("settings"))).toEqual([]);
    await screenshot(page, "13-bob-no-settings");
    await page.getByTestId("command-input").fill("");
    expect(pageErrors).toEqual([]);
  });

  it("shows Twelves' tall table at a readable width and opens it at its own size; Esc or a click beside it closes it", async () => {
    await view("Alice", "general");
    await command("/play twelves");
    await control("addBot").click();
    await control("start").click();
    const picture = page.locator('img[data-testid=message-image][src*="twelves"]').last();
    await picture.waitFor();
    await loaded(picture);
    const drawn = await picture.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(drawn.height).toBeGreaterThan(drawn.width);
    await picture.scrollIntoViewIfNeeded();
    const shown = (await picture.boundingBox())!;
    // As wide as a phone shows it at least (it was 239 px wide at 1280 px), in its own proportions.
    expect(shown.width).toBeGreaterThanOrEqual(400);
    expect(shown.height / shown.width).toBeCloseTo(drawn.height / drawn.width, 1);
    await screenshot(page, "14-twelves-table");

    const lightbox = page.getByTestId("lightbox");
    const large = page.getByTestId("lightbox-image");
    await picture.click();
    await lightbox.waitFor();
    await loaded(large);
    // Its own size: 848 px wide fits a 1280 px window.
    expect((await large.boundingBox())!.width).toBe(drawn.width);
    await screenshot(page, "15-twelves-lightbox");
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "hidden" });
    await picture.click();
    await lightbox.waitFor();
    await page.mouse.click(20, 20);
    await lightbox.waitFor({ state: "hidden" });

    // A phone: the picture fills the message's width; the lightbox fits it to the screen's width.
    await page.setViewportSize({ width: 400, height: 844 });
    await page.waitForFunction(() => document.getElementById("sidebar")!.getBoundingClientRect().right <= 0);
    await picture.scrollIntoViewIfNeeded();
    const column = (await picture
      .locator("xpath=ancestor::div[contains(@class,'message-body')]")
      .boundingBox())!;
    expect((await picture.boundingBox())!.width).toBeCloseTo(column.width, 0);
    await screenshot(page, "16-twelves-phone");
    await picture.click();
    await lightbox.waitFor();
    expect((await large.boundingBox())!.width).toBeLessThanOrEqual(400);
    await screenshot(page, "17-twelves-phone-lightbox");
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(pageErrors).toEqual([]);
  });

  it("shows a Components V2 message as Discord does: status, picture with its alt text, hint, controls, in a container", async () => {
    await view("Alice", "general");
    const channelId = (await page.getByTestId("channel-general").getAttribute("data-channel-id"))!;
    const discord = playground.discord;
    const rules = discord.commandsFor(members.get("Alice")!, channelId).find((c) => c.name === "rules")!;
    const drawing = createCanvas(600, 400);
    const pen = drawing.getContext("2d");
    pen.fillStyle = "#2b7a4b";
    pen.fillRect(0, 0, 600, 400);
    pen.fillStyle = "#fff";
    pen.font = "48px sans-serif";
    pen.fillText("The table", 180, 210);
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
    const text = (content: string) => ({ type: 10, content });
    const payload = {
      flags: 1 << 15,
      components: [
        {
          type: 17,
          accent_color: 0xe67e22,
          components: [
            text(`## Alice to play\nStarted <t:${twoHoursAgo}:R> · see </rules:${rules.id}>`),
            { type: 12, items: [{ media: { url: "attachment://v2.png" }, description: "A green table." }] },
            { type: 14, divider: true, spacing: 1 },
            text("-# 💡 Hint: play **7**.\n- first\n- second"),
            {
              type: 9,
              components: [text("Your hand is below.")],
              accessory: { type: 2, style: 2, label: "Refresh", custom_id: "v2:refresh" },
            },
            { type: 1, components: [{ type: 2, style: 1, label: "Play", custom_id: "v2:play" }] },
          ],
        },
      ],
    };
    const body = new FormData();
    body.append("payload_json", JSON.stringify(payload));
    body.append(
      "files[0]",
      new Blob([new Uint8Array(drawing.toBuffer("image/png"))], { type: "image/png" }),
      "v2.png",
    );
    const posted = await fetch(`${discord.apiBase}/v10/channels/${channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${discord.token}` },
      body,
    });
    expect(posted.status).toBe(200);
    const id = ((await posted.json()) as { id: string }).id;

    const shown = message(id);
    const picture = shown.locator("img[data-testid=message-image]");
    await picture.waitFor();
    await loaded(picture);
    expect(await picture.getAttribute("alt")).toBe("A green table.");
    // Reading order: the status, then the picture, then the hint, then the controls.
    const order = await shown
      .locator(".v2-container")
      .evaluate((box) => [...box.children].map((child) => child.className.split(" ")[0]));
    expect(order).toEqual([
      "text-display",
      "media-gallery",
      "v2-separator",
      "text-display",
      "v2-section",
      "action-row",
    ]);
    expect(
      await shown.locator(".v2-container").evaluate((box) => getComputedStyle(box).borderLeftColor),
    ).toBe("rgb(230, 126, 34)");
    expect(await shown.locator(".md-h2").textContent()).toBe("Alice to play");
    expect(await shown.locator(".md-subtext strong").textContent()).toBe("7");
    expect(await shown.locator(".md-list-item").count()).toBe(2);
    expect(await shown.locator("time.timestamp").textContent()).toBe("2 hours ago");
    await screenshot(page, "18-v2-desktop");
    await page.setViewportSize({ width: 400, height: 860 });
    await page.waitForFunction(() => document.getElementById("sidebar")!.getBoundingClientRect().right <= 0);
    await shown.scrollIntoViewIfNeeded();
    // On a phone the picture takes the column's width.
    const column = (await shown.locator(".v2-container").boundingBox())!;
    expect((await picture.boundingBox())!.width).toBeGreaterThan(column.width - 40);
    await screenshot(page, "19-v2-phone");
    await picture.click();
    await page.getByTestId("lightbox").waitFor();
    expect(await page.getByTestId("lightbox-image").getAttribute("alt")).toBe("A green table.");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 800 });

    // A command mention reads as written, whatever the reader's language; a click offers the
    // command in the reader's own words.
    const mention = shown.getByTestId("command-mention");
    expect(await mention.textContent()).toBe("/rules");
    await mention.click();
    expect(await page.getByTestId("command-input").inputValue()).toBe("/rules ");
    await view("Dan", "general");
    expect(await message(id).getByTestId("command-mention").textContent()).toBe("/rules");
    expect(await message(id).locator("time.timestamp").textContent()).toBe("2 uur geleden");
    await message(id).getByTestId("command-mention").click();
    expect(await page.getByTestId("command-input").inputValue()).toBe("/regels ");
    await page.getByTestId("command-input").fill("");
    expect(pageErrors).toEqual([]);
  });

  it("HTML in a message is shown as text: no element is injected and no script runs", async () => {
    const payload = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    await view("Alice", "general");
    await command("/notify timezone", { name: payload });
    const answer = page.getByTestId("message-content").filter({ hasText: "is not a time zone I know" });
    await answer.waitFor();
    expect(await answer.textContent()).toContain(payload);
    expect(await page.locator("#messages script, #messages img[src='x'], #messages [onerror]").count()).toBe(
      0,
    );
    await screenshot(page, "11-html-as-text");
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
