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

/**
 * A command mention as Discord shows it: `/` and the words written in it, never translated (Discord
 * shows the name as written, whatever the reader's language). A click offers the command in the
 * command box when the mention names it as registered, as in Discord; otherwise it does nothing.
 */
function commandMention(words, id) {
  const pill = el("span", {
    class: "mention command-mention",
    "data-testid": "command-mention",
    "data-command-id": id,
    role: "button",
    text: `/${words}`,
  });
  pill.addEventListener("click", () => {
    document.dispatchEvent(new CustomEvent("command-mention", { detail: { id, words: words.split(" ") } }));
  });
  return pill;
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
  { re: /<\/([\p{L}\p{N}_ -]+):(\d+)>/uy, make: (m) => commandMention(m[1], m[2]) },
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

/** One line of block markdown: its element, or null for a plain line. */
function blockLine(line) {
  const heading = /^(#{1,3}) +(\S.*)$/.exec(line);
  if (heading)
    return el(`h${heading[1].length + 2}`, { class: `md-h${heading[1].length}` }, inline(heading[2]));
  const subtext = /^-# +(\S.*)$/.exec(line);
  if (subtext) return el("div", { class: "md-subtext" }, inline(subtext[1]));
  const quote = /^>>? (.*)$/.exec(line);
  if (quote) return el("blockquote", { class: "md-quote" }, inline(quote[1]));
  const item = /^( *)[-*] +(\S.*)$/.exec(line);
  if (item) {
    const node = el("div", { class: "md-list-item" }, inline(item[2]));
    node.style.marginLeft = `${1 + Math.floor(item[1].length / 2)}em`;
    return node;
  }
  return null;
}

/**
 * Discord markdown with its line rules too (headings `#`…`###`, subtext `-#`, quotes `>`, list
 * items `-`), as a text display or a message's content shows it; code blocks stay as they are.
 */
export function blocks(text) {
  const out = document.createDocumentFragment();
  text.split(/(```[\s\S]*?```)/).forEach((part, index) => {
    if (index % 2 === 1) {
      out.append(inline(part));
      return;
    }
    // The line break after a code block ends the block: it starts no empty line.
    const lines = (index > 0 ? part.replace(/^\n/, "") : part).split("\n");
    let plain = [];
    const flush = () => {
      if (plain.length > 0) out.append(el("span", { class: "md-lines" }, inline(plain.join("\n"))));
      plain = [];
    };
    for (const line of lines) {
      const block = blockLine(line);
      if (block) {
        flush();
        out.append(block);
      } else plain.push(line);
    }
    flush();
  });
  return out;
}
