import { describe, expect, it } from "vitest";
import { routeLabel } from "../../src/ops/metrics.js";

describe("a REST route as a metric label", () => {
  it("keeps discord.js's template and replaces any id or token it left: a token in a label is a leaked credential", () => {
    expect(routeLabel("/channels/:id/messages")).toBe("/channels/:id/messages");
    expect(routeLabel("/webhooks/1234/aW50ZXJhY3Rpb24.secret/messages/@original")).toBe(
      "/webhooks/:id/:token/messages/@original",
    );
    expect(routeLabel("/interactions/42/aW50ZXJhY3Rpb24/callback?with_response=true")).toBe(
      "/interactions/:id/:token/callback",
    );
    expect(routeLabel("/channels/1234/messages/5678")).toBe("/channels/:id/messages/:id");
  });
});
