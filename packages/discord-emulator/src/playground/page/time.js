// Times as the member's Discord app shows them: a message's time, and Discord timestamps (<t:…>).

import { el, intlLocale, t } from "./base.js";

const DISCORD_EPOCH = 1420070400000n;

function snowflakeTime(id) {
  try {
    return new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
  } catch {
    return null;
  }
}

const RELATIVE_UNITS = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];

function relativeTime(date) {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(intlLocale(), { numeric: "auto" }).format(
    Math.round(seconds / size),
    unit,
  );
}

const TIME_STYLES = {
  t: { hour: "numeric", minute: "2-digit" },
  T: { hour: "numeric", minute: "2-digit", second: "2-digit" },
  d: { year: "numeric", month: "2-digit", day: "2-digit" },
  D: { year: "numeric", month: "long", day: "numeric" },
  f: { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
  F: { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
};

/** A Discord timestamp (`<t:unix:style>`) in the viewer's own time zone, as Discord shows it. */
export function timestamp(unix, style, raw) {
  const date = new Date(Number(unix) * 1000);
  if (Number.isNaN(date.getTime())) return document.createTextNode(raw);
  const text =
    style === "R" ? relativeTime(date) : date.toLocaleString(intlLocale(), TIME_STYLES[style ?? "f"]);
  return el("time", {
    class: "timestamp",
    datetime: date.toISOString(),
    title: date.toLocaleString(intlLocale(), TIME_STYLES.F),
    "data-relative": style === "R" ? date.getTime() : null,
    text,
  });
}

export function refreshRelativeTimes() {
  for (const node of document.querySelectorAll("time[data-relative]")) {
    node.textContent = relativeTime(new Date(Number(node.getAttribute("data-relative"))));
  }
}

export function messageTime(id) {
  const date = snowflakeTime(id);
  if (!date) return null;
  const today = new Date().toDateString() === date.toDateString();
  const clock = date.toLocaleTimeString(intlLocale(), TIME_STYLES.t);
  const text = today ? t("todayAt", { time: clock }) : `${date.toLocaleDateString(intlLocale())} ${clock}`;
  return el("time", {
    class: "message-time",
    datetime: date.toISOString(),
    title: date.toLocaleString(intlLocale()),
    text,
  });
}
