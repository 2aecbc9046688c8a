// Discord markdown: bold, italics, code, mentions, timestamps and links, built as DOM nodes.

import { channelById, el, member, safeUrl, state, t } from "./base.js";
import { timestamp } from "./time.js";

export function link(url, children) {
  const href = safeUrl(url);
  if (!href) return document.createTextNode(url);
  const anchor = el("a", { href, target: "_blank", rel: "noopener" }, children);
  // A link to a message on this server opens it here rather than on discord.com.
  const inside = /^https:\/\/discord\.com\/channels\/[^/]+\/(\d+)(?:\/(\d+))?$/.exec(href);
  if (inside && channelById(inside[1])) {
    anchor.addEventListener("click", (event) => {
      event.preventDefault();
      state.focusMessage = inside[2] ?? null;
      // Already at that channel's hash, the browser reports no change: the page is told, to show the message.
      if (location.hash === `#${inside[1]}`) window.dispatchEvent(new HashChangeEvent("hashchange"));
      else location.hash = inside[1];
    });
  }
  return anchor;
}

function channelMention(id) {
  const channel = channelById(id);
  if (!channel) return el("span", { class: "mention", text: t("unknownChannel") });
  return el("a", { href: `#${id}`, class: "mention", text: `#${channel.name}` });
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Inline rules tried at each position, first match wins; each builds its node from the match. */
const INLINE_RULES = [
  {
    re: /```(?:([\w+-]*)\n)?([\s\S]*?)```/y,
    make: (m) => el("pre", { class: "code-block" }, el("code", { text: m[2].replace(/\n$/, "") })),
  },
  {
    re: /``([^`][\s\S]*?)``|`([^`]+)`/y,
    make: (m) => el("code", { class: "inline-code", text: m[1] ?? m[2] }),
  },
  { re: /\\([^\p{L}\p{N}\s])/uy, make: (m) => document.createTextNode(m[1]) },
  { re: /\*\*([\s\S]+?)\*\*(?!\*)/y, make: (m) => el("strong", {}, inline(m[1])) },
  { re: /__([\s\S]+?)__(?!_)/y, make: (m) => el("u", {}, inline(m[1])) },
  {
    re: /\*(?![\s*])((?:\\[\s\S]|\*\*[\s\S]+?\*\*|[^*\\])+?)\*(?!\*)/y,
    make: (m) => el("em", {}, inline(m[1])),
  },
  {
    re: /_((?:\\[\s\S]|__[\s\S]+?__|[^_\\])+?)_(?![\p{L}\p{N}_])/uy,
    wordStart: true,
    make: (m) => el("em", {}, inline(m[1])),
  },
  { re: /~~([\s\S]+?)~~/y, make: (m) => el("s", {}, inline(m[1])) },
  {
    re: /<@!?(\d+)>/y,
    make: (m) => el("span", { class: "mention", text: `@${member(m[1])?.name ?? t("unknownUser")}` }),
  },
  { re: /<@&(\d+)>/y, make: () => el("span", { class: "mention", text: `@${t("role")}` }) },
  { re: /<#(\d+)>/y, make: (m) => channelMention(m[1]) },
  { re: /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/y, make: (m) => timestamp(m[1], m[2], m[0]) },
  { re: /<a?:(\w+):\d+>/y, make: (m) => document.createTextNode(`:${m[1]}:`) },
  { re: /<\/([\w -]+):\d+>/y, make: (m) => el("span", { class: "mention", text: `/${m[1]}` }) },
  { re: /\[([^\]\n]+)\]\(<?(https?:\/\/[^\s)>]+)>?\)/y, make: (m) => link(m[2], inline(m[1])) },
  { re: /<(https?:\/\/[^\s>]+)>/y, make: (m) => link(m[1], m[1]) },
  { re: /https?:\/\/[^\s<]*[^\s<.,:;"')\]!?*_~]/y, make: (m) => link(m[0], m[0]) },
];

/** The characters a rule can start with: at any other, the rules are not tried. */
const RULE_START = new Set("`\\*_~<[h");

/** Discord markdown to DOM nodes; unmatched text stays text (newlines are kept by CSS). */
export function inline(text) {
  const out = document.createDocumentFragment();
  let plain = "";
  let i = 0;
  scan: while (i < text.length) {
    if (RULE_START.has(text[i])) {
      for (const rule of INLINE_RULES) {
        if (rule.wordStart && i > 0 && WORD_CHAR.test(text[i - 1])) continue;
        rule.re.lastIndex = i;
        const match = rule.re.exec(text);
        if (!match) continue;
        const end = rule.re.lastIndex;
        if (plain) out.append(plain);
        plain = "";
        out.append(rule.make(match));
        i = end;
        continue scan;
      }
    }
    plain += text[i];
    i++;
  }
  if (plain) out.append(plain);
  return out;
}
