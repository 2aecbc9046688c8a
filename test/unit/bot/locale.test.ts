import { describe, expect, it } from "vitest";
import type { BotContext } from "../../../src/bot/context.js";
import { readerLocale, serverLocale } from "../../../src/bot/locale.js";
import { type Locale, localeOf } from "../../../src/i18n/locale.js";

/** A context whose store holds one person's and one server's language, and whose client sees one server. */
function fakeCtx(options: {
  userLanguage?: Locale | null;
  guildLanguage?: Locale | null;
  preferredLocale?: string;
}): BotContext {
  return {
    store: {
      preferences: {
        userPrefs: async () => ({ language: options.userLanguage ?? null }),
        guildSettings: async () =>
          options.guildLanguage === undefined ? {} : { language: options.guildLanguage },
      },
    },
    client: {
      guilds: {
        cache: new Map(options.preferredLocale ? [["g1", { preferredLocale: options.preferredLocale }]] : []),
      },
    },
  } as unknown as BotContext;
}

const clicker = (locale: string) => ({ user: { id: "u1" }, locale });

describe("localeOf", () => {
  it("speaks Dutch to any Dutch Discord locale and English to every other", async () => {
    expect(localeOf("nl")).toBe("nl");
    expect(localeOf("nl-BE")).toBe("nl");
    expect(localeOf("en-US")).toBe("en");
    expect(localeOf("de")).toBe("en");
    expect(localeOf(null)).toBe("en");
    expect(localeOf(undefined)).toBe("en");
  });
});

describe("readerLocale", () => {
  it("follows the clicker's Discord app when they chose no language", async () => {
    expect(await readerLocale(fakeCtx({}), clicker("nl"))).toBe("nl");
    expect(await readerLocale(fakeCtx({}), clicker("en-GB"))).toBe("en");
  });

  it("puts the clicker's own choice before their Discord app's language", async () => {
    expect(await readerLocale(fakeCtx({ userLanguage: "en" }), clicker("nl"))).toBe("en");
    expect(await readerLocale(fakeCtx({ userLanguage: "nl" }), clicker("en-US"))).toBe("nl");
  });

  it("ignores the server's language for answers only the clicker sees", async () => {
    expect(
      await readerLocale(fakeCtx({ guildLanguage: "nl", preferredLocale: "nl" }), clicker("en-US")),
    ).toBe("en");
  });
});

describe("serverLocale", () => {
  it("follows the server's Discord preferred locale when it chose no language", async () => {
    expect(await serverLocale(fakeCtx({ preferredLocale: "nl" }), "g1")).toBe("nl");
    expect(await serverLocale(fakeCtx({ preferredLocale: "en-US" }), "g1")).toBe("en");
  });

  it("puts the server's own choice before its Discord preferred locale", async () => {
    expect(await serverLocale(fakeCtx({ guildLanguage: "en", preferredLocale: "nl" }), "g1")).toBe("en");
    expect(await serverLocale(fakeCtx({ guildLanguage: "nl", preferredLocale: "en-US" }), "g1")).toBe("nl");
  });

  it("speaks English for a server the bot does not see, or outside a server", async () => {
    expect(await serverLocale(fakeCtx({ guildLanguage: null }), "g1")).toBe("en");
    expect(await serverLocale(fakeCtx({}), null)).toBe("en");
  });
});
