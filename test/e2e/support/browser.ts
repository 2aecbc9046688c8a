import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium, installed by `npm run setup`: playwright-core drives it and never downloads a browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** Where the browser tests write their screenshots (ignored by git). */
export const SCREENSHOTS = join("test", ".tmp", "playground");

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: run \`npm run setup\`, which installs Debian's chromium.`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true });
}

/** Saves what the page shows now as test/.tmp/playground/<step>.png, to look at after the run. */
export async function screenshot(page: Page, step: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${step}.png`) });
}
