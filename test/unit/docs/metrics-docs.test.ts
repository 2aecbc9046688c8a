import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PromMetrics } from "../../../src/ops/metrics.js";

const operationsDoc = readFileSync("docs/operations.md", "utf8");
/** The operator's guide's Metrics section: from its heading to the next section's. */
const metricsStart = operationsDoc.indexOf("\n## Metrics\n");
const metricsEnd = operationsDoc.indexOf("\n## ", metricsStart + 1);
const metricsSection = operationsDoc.slice(metricsStart, metricsEnd < 0 ? undefined : metricsEnd);

interface Panel {
  type: string;
  id: number;
  datasource?: { uid: string };
  targets?: { expr: string; datasource: { uid: string } }[];
}

/** Grafana's reference to the dashboard's data source variable. */
const CHOSEN_SOURCE = `\${datasource}`;

const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as {
  templating: { list: { name: string; type: string; query: unknown }[] };
  panels: Panel[];
};

describe("the operator's documentation of the metrics", () => {
  it("the Metrics section of docs/operations.md names every metric of the bot's own", () => {
    expect(metricsStart).toBeGreaterThanOrEqual(0);
    const names = new PromMetrics().registry
      .getMetricsAsArray()
      .map((metric) => metric.name)
      .filter((name) => name.startsWith("cardtable_"));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(metricsSection, name).toContain(`\`${name}`);
  });

  it("the Grafana dashboard asks for a Prometheus data source, every query uses it, and it reads only metrics docs/operations.md names", () => {
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }),
    );
    const panels = dashboard.panels.filter((panel) => panel.type !== "row");
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    const read = new Set<string>();
    for (const panel of panels) {
      expect(panel.datasource?.uid).toBe(CHOSEN_SOURCE);
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.datasource.uid).toBe(CHOSEN_SOURCE);
        for (const [name] of target.expr.matchAll(/cardtable_\w+/g))
          read.add(name.replace(/_(bucket|sum|count)$/, ""));
      }
    }
    for (const name of read) expect(metricsSection, name).toContain(`\`${name}`);
  });
});
